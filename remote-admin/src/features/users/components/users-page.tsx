import { useState } from 'react';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { type AdminUser, DEFAULT_PER_PAGE, USER_STATUSES, type UserStatus } from '@crm/shared/schemas';
import { Button, Card, Chip, DataTable, type DataTableColumn, ErrorState, IconPlus, PageHeader, Select, TextField, useConfirm, useToast, AvatarStack } from '@crm/shared/ui';
import { useRoles } from '../../../api/get-role-options';
import { useTeamOptions } from '../../../api/get-team-options';

import { type AdminUsersRequest, useAdminUsers } from '../api/get-admin-users';
import { useForcePasswordReset, useSetUserActive } from '../api/save-user';
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

const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive' };

/** /apps/users: every user with role, teams and status; search, filters, add, edit, deactivate, force a password reset. */
export function UsersPage() {
  const [q, setQ] = useState('');
  const [roleId, setRoleId] = useState<number | null>(null);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PER_PAGE);
  const query: AdminUsersRequest = {
    page,
    per_page: perPage,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(roleId ? { role_id: roleId } : {}),
    ...(teamId ? { team_id: teamId } : {}),
    ...(status ? { status } : {}),
  };
  const { data, error, isLoading, mutate } = useAdminUsers(query);
  const ability = useAbility();
  const { data: roles } = useRoles(ability.can('view', 'roles'));
  const { data: teams } = useTeamOptions(ability.can('view', 'team'));
  const setActive = useSetUserActive();
  const forceReset = useForcePasswordReset();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);

  const filter = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setPage(1);
  };

  const toggleActive = async (user: AdminUser) => {
    const question = user.active ? `Deactivate ${user.name}? They are signed out everywhere at once.` : `Activate ${user.name}?`;
    if (!(await confirm(question, { confirmLabel: user.active ? 'Deactivate' : 'Activate', cancelLabel: 'Cancel' }))) return;
    try {
      await setActive(user.id, !user.active);
      toast.success(user.active ? 'User deactivated' : 'User activated');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const reset = async (user: AdminUser) => {
    if (!(await confirm(`Reset the password of ${user.name}? Their password and sessions stop working and they are mailed a link.`, { confirmLabel: 'Reset', cancelLabel: 'Cancel' }))) return;
    try {
      toast.success((await forceReset(user.id)).message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const columns: DataTableColumn<AdminUser>[] = [
    {
      key: 'name',
      header: 'User',
      render: (user) => (
        <NameCell>
          <AvatarStack users={[user]} />
          <span>
            {user.name}
            <Small>{user.email}</Small>
          </span>
        </NameCell>
      ),
    },
    { key: 'role', header: 'Role', render: (user) => user.role.name },
    { key: 'teams', header: 'Teams', render: (user) => user.teams.map((t) => t.name).join(', ') },
    {
      key: 'active',
      header: 'Status',
      render: (user) => <Chip color={user.active ? 'success' : 'secondary'}>{user.active ? 'Active' : 'Inactive'}</Chip>,
    },
  ];
  if (ability.can('manage', 'users')) {
    columns.push({
      key: '__actions',
      header: '',
      align: 'end',
      render: (user) => (
        <RowActions>
          <Button size="sm" variant="secondary" onClick={() => setEditing({ user })} aria-label={`Edit ${user.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void reset(user)} aria-label={`Reset the password of ${user.name}`}>
            Reset password
          </Button>
          <Button size="sm" variant={user.active ? 'danger' : 'secondary'} onClick={() => void toggleActive(user)} aria-label={`${user.active ? 'Deactivate' : 'Activate'} ${user.name}`}>
            {user.active ? 'Deactivate' : 'Activate'}
          </Button>
        </RowActions>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <Can I="manage" a="users">
            <Button startIcon={<IconPlus size={18} />} onClick={() => setEditing({ user: null })}>
              Add user
            </Button>
          </Can>
        }
      />
      <Card flush>
        <Filters>
          <TextField label="Search" name="q" type="search" value={q} onChange={(e) => filter(setQ)(e.target.value)} placeholder="Name or email" />
          <Select
            label="Role"
            name="role_id"
            placeholder="Any role"
            isClearable
            options={(roles?.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            value={roleId}
            onChange={filter(setRoleId)}
          />
          <Select
            label="Team"
            name="team_id"
            placeholder="Any team"
            isClearable
            options={(teams?.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            value={teamId}
            onChange={filter(setTeamId)}
          />
          <Select
            label="Status"
            name="status"
            placeholder="Any status"
            isClearable
            options={USER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={status}
            onChange={filter(setStatus)}
          />
        </Filters>
        {error && !data ? (
          <ErrorState title="Could not load the users" message={error.message} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            aria-label="Users"
            columns={columns}
            rows={data?.data ?? []}
            rowKey="id"
            loading={isLoading}
            page={data?.meta.current_page ?? page}
            perPage={perPage}
            total={data?.meta.total ?? 0}
            lastPage={data?.meta.last_page ?? 1}
            onPageChange={setPage}
            onPerPageChange={(value) => {
              setPerPage(value);
              setPage(1);
            }}
          />
        )}
      </Card>
      <UserDialog user={editing?.user ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
