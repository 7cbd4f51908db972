import { useState } from 'react';
import styled from 'styled-components';
import { Can } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import type { Role } from '@crm/shared/schemas';
import { Button, Card, Chip, ErrorState, PageHeader, Spinner, useConfirm, useToast, AvatarStack } from '@crm/shared/ui';
import { useRoles } from '../../../api/get-roles';

import { useDeleteRole } from '../api/delete-role';
import { leadScopeLabel } from '../utils/lead-scope-label';
import { RoleDialog } from './role-dialog';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: 1.5rem;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
`;

/** /apps/roles: a card per role with how many users hold it and who; add, edit and delete through a dialog. */
export function RolesPage() {
  const { data, error, isLoading, mutate } = useRoles();
  const deleteRole = useDeleteRole();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);

  const remove = async (role: Role) => {
    if (!(await confirm(`Удалить роль ${role.name}?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return;
    try {
      await deleteRole(role.id);
      toast.success('Роль удалена');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <>
      <PageHeader
        title="Роли"
        subtitle="Роль даёт пользователям разрешения и определяет, каких лидов они видят."
        actions={
          <Can I="create" a="roles">
            <Button onClick={() => setEditing({ role: null })}>Добавить роль</Button>
          </Can>
        }
      />
      {error && <ErrorState title="Не удалось загрузить роли" message={errorMessage(error)} onRetry={() => void mutate()} />}
      {isLoading && <Spinner />}
      <Cards>
        {data?.data.map((role) => (
          <Card key={role.id} aria-label={`Роль ${role.name}`} title={role.name} subtitle={leadScopeLabel(role.lead_scope)}>
            <Row>
              <Muted>{`Пользователей: ${role.users_count}`}</Muted>
              <AvatarStack users={role.users} total={role.users_count} />
            </Row>
            <Row>
              <span>
                <Chip color="secondary">{`Разрешений: ${role.permissions.length}`}</Chip>
                {role.two_factor_required ? <Chip color="info">2FA обязательна</Chip> : null}
              </span>
              <Actions>
                <Can I="edit" a="roles">
                  <Button size="sm" variant="secondary" onClick={() => setEditing({ role })}>
                    Изменить
                  </Button>
                </Can>
                <Can I="delete" a="roles">
                  <Button size="sm" variant="danger" onClick={() => void remove(role)} disabled={role.users_count > 0} title={role.users_count > 0 ? 'Сначала переведите её пользователей в другую роль' : undefined}>
                    Удалить
                  </Button>
                </Can>
              </Actions>
            </Row>
          </Card>
        ))}
      </Cards>
      <RoleDialog role={editing?.role ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
