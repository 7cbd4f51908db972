import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { useListQuery } from '@crm/shared/lists';
import { type AdminUser, adminUserQuerySchema, USER_STATUSES, type UserStatus } from '@crm/shared/schemas';
import { Button, Card, Chip, DataTable, type DataTableColumn, ErrorState, IconPlus, PageHeader, Select, TextField, useConfirm, useToast, AvatarStack, Ltr } from '@crm/shared/ui';
import { useRoleOptions } from '../../../api/get-role-options';
import { useTeamOptions } from '../../../api/get-team-options';

import { useAdminUsers } from '../api/get-admin-users';
import { useForcePasswordReset, useResetTwoFactor, useSetUserActive } from '../api/save-user';
import { UserDialog } from './user-dialog';

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 1rem;
  padding: 1.25rem 1.5rem;
`;

const NameCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
`;

/** Signs in with a second factor (decision 071). */
const TwoFactorBadge = styled(Chip)`
  margin-inline-start: 0.5rem;
`;

const Small = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

const RowActions = styled.span`
  display: inline-flex;
  gap: 0.375rem;
  flex-wrap: wrap;
  justify-content: flex-end;
`;

const STATUS_LABELS: Record<UserStatus, string> = { active: 'Активен', inactive: 'Отключён' };

/**
 * /apps/users: every user with role, teams and status; search, filters, add, edit, deactivate, force a password reset,
 * reset two-factor sign-in (decision 071).
 * The URL holds the search, filters, page and size.
 */
export function UsersPage() {
  const { query, update, tableProps } = useListQuery(adminUserQuerySchema);
  // What is typed (the URL keeps it trimmed); follows the URL when it changes elsewhere (back, a link).
  const [q, setQ] = useState(query.q ?? '');
  useEffect(() => setQ((typed) => (typed.trim() === (query.q ?? '') ? typed : (query.q ?? ''))), [query.q]);
  const { data, error, isLoading, mutate } = useAdminUsers(query);
  const ability = useAbility();
  // Role names only: a Manager may filter users by role without seeing the roles' rules (docs/decisions/065).
  const { data: roles } = useRoleOptions();
  const { data: teams } = useTeamOptions(ability.can('view', 'team'));
  const setActive = useSetUserActive();
  const forceReset = useForcePasswordReset();
  const resetSecondFactor = useResetTwoFactor();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);

  const toggleActive = async (user: AdminUser) => {
    const question = user.active ? `Отключить пользователя ${user.name}? Все его сеансы сразу завершатся.` : `Включить пользователя ${user.name}?`;
    if (!(await confirm(question, { confirmLabel: user.active ? 'Отключить' : 'Включить', cancelLabel: 'Отмена' }))) return;
    try {
      await setActive(user.id, !user.active);
      toast.success(user.active ? 'Пользователь отключён' : 'Пользователь включён');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const reset = async (user: AdminUser) => {
    if (!(await confirm(`Сбросить пароль пользователя ${user.name}? Его пароль и сеансы перестанут действовать, а на почту придёт ссылка.`, { confirmLabel: 'Сбросить', cancelLabel: 'Отмена' }))) return;
    try {
      toast.success((await forceReset(user.id)).message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const resetTwoFactor = async (user: AdminUser) => {
    const question = `Сбросить двухфакторную аутентификацию пользователя ${user.name}? Его сеансы завершатся; войти можно будет по паролю, а если роль требует 2FA — настроить её заново.`;
    if (!(await confirm(question, { confirmLabel: 'Сбросить 2FA', cancelLabel: 'Отмена' }))) return;
    try {
      await resetSecondFactor(user.id);
      toast.success('Двухфакторная аутентификация сброшена');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const columns: DataTableColumn<AdminUser>[] = [
    {
      key: 'name',
      header: 'Пользователь',
      render: (user) => (
        <NameCell>
          <AvatarStack users={[user]} />
          <span>
            {user.name}
            {user.two_factor_enabled ? (
              <TwoFactorBadge color="info">2FA</TwoFactorBadge>
            ) : null}
            <Small>
              <Ltr>{user.email}</Ltr>
            </Small>
          </span>
        </NameCell>
      ),
    },
    { key: 'role', header: 'Роль', render: (user) => user.role.name },
    { key: 'teams', header: 'Команды', render: (user) => user.teams.map((t) => t.name).join(', ') },
    {
      key: 'active',
      header: 'Статус',
      render: (user) => <Chip color={user.active ? 'success' : 'secondary'}>{STATUS_LABELS[user.active ? 'active' : 'inactive']}</Chip>,
    },
  ];
  if (ability.can('manage', 'users')) {
    columns.push({
      key: '__actions',
      header: '',
      align: 'end',
      render: (user) => (
        <RowActions>
          <Button size="sm" variant="secondary" onClick={() => setEditing({ user })} aria-label={`Изменить ${user.name}`}>
            Изменить
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void reset(user)} aria-label={`Сбросить пароль ${user.name}`}>
            Сбросить пароль
          </Button>
          {user.two_factor_enabled ? (
            <Button size="sm" variant="secondary" onClick={() => void resetTwoFactor(user)} aria-label={`Сбросить 2FA ${user.name}`}>
              Сбросить 2FA
            </Button>
          ) : null}
          <Button size="sm" variant={user.active ? 'danger' : 'secondary'} onClick={() => void toggleActive(user)} aria-label={`${user.active ? 'Отключить' : 'Включить'} ${user.name}`}>
            {user.active ? 'Отключить' : 'Включить'}
          </Button>
        </RowActions>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Пользователи"
        actions={
          <Can I="manage" a="users">
            <Button startIcon={<IconPlus size={18} />} onClick={() => setEditing({ user: null })}>
              Добавить пользователя
            </Button>
          </Can>
        }
      />
      <Card flush>
        <Filters>
          <TextField label="Поиск" name="q" type="search" value={q} onChange={(e) => {
              setQ(e.target.value);
              update({ q: e.target.value.trim() || undefined }, { replace: true });
            }} placeholder="Имя или почта" />
          <Select
            label="Роль"
            name="role_id"
            placeholder="Любая роль"
            isClearable
            options={(roles?.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            value={query.role_id ?? null}
            onChange={(role_id) => update({ role_id: role_id ?? undefined })}
          />
          <Select
            label="Команда"
            name="team_id"
            placeholder="Любая команда"
            isClearable
            options={(teams?.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            value={query.team_id ?? null}
            onChange={(team_id) => update({ team_id: team_id ?? undefined })}
          />
          <Select
            label="Статус"
            name="status"
            placeholder="Любой статус"
            isClearable
            options={USER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={query.status ?? null}
            onChange={(status) => update({ status: status ?? undefined })}
          />
        </Filters>
        {error && !data ? (
          <ErrorState title="Не удалось загрузить пользователей" message={errorMessage(error)} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            aria-label="Пользователи"
            columns={columns}
            rows={data?.data ?? []}
            rowKey="id"
            loading={isLoading}
            {...tableProps(data?.meta)}
          />
        )}
      </Card>
      <UserDialog user={editing?.user ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
