import { useState } from 'react';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import type { Permission } from '@crm/shared/schemas';
import {
  Button,
  Card,
  Chip,
  DataTable,
  type DataTableColumn,
  ErrorState,
  formatDate,
  IconButton,
  IconPencil,
  IconPlus,
  IconTrash,
  PageHeader,
  useClientPage,
  useConfirm,
  useToast,
} from '@crm/shared/ui';
import { usePermissions } from '../../../api/get-permissions';
import { useDeletePermission } from '../api/save-permission';
import { PermissionDialog } from './permission-dialog';

const Chips = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;


/** /apps/permissions: every action+subject pair, who holds it and since when; add, edit, delete (409 while in use). */
export function PermissionsPage() {
  const { data, error, isLoading, mutate } = usePermissions();
  const ability = useAbility();
  const confirm = useConfirm();
  const toast = useToast();
  const deletePermission = useDeletePermission();
  const [editing, setEditing] = useState<{ permission: Permission | null } | null>(null);
  const paged = useClientPage(data?.data ?? []);

  const remove = async (permission: Permission) => {
    if (!(await confirm(`Удалить разрешение ${permission.name}?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return;
    try {
      await deletePermission(permission.id);
      toast.success('Разрешение удалено');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const columns: DataTableColumn<Permission>[] = [
    { key: 'name', header: 'Название' },
    { key: 'action', header: 'Действие', render: (p) => <Chip color="info">{p.action}</Chip> },
    { key: 'subject', header: 'Объект', render: (p) => <Chip color="secondary">{p.subject}</Chip> },
    {
      key: 'roles',
      header: 'Назначено ролям',
      render: (p) => (
        <Chips>
          {p.roles.map((role) => (
            <Chip key={role.id} color="primary">
              {role.name}
            </Chip>
          ))}
        </Chips>
      ),
    },
    { key: 'created_at', header: 'Создано', render: (p) => formatDate(p.created_at, 'ru') },
  ];
  if (ability.can('edit', 'permissions') || ability.can('delete', 'permissions')) {
    columns.push({
      key: '__actions',
      header: '',
      align: 'end',
      width: 96,
      render: (p) => (
        <>
          <Can I="edit" a="permissions">
            <IconButton label={`Изменить ${p.name}`} size="sm" onClick={() => setEditing({ permission: p })}>
              <IconPencil size={18} />
            </IconButton>
          </Can>
          <Can I="delete" a="permissions">
            <IconButton label={`Удалить ${p.name}`} size="sm" color="error" onClick={() => void remove(p)}>
              <IconTrash size={18} />
            </IconButton>
          </Can>
        </>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Разрешения"
        actions={
          <Can I="create" a="permissions">
            <Button startIcon={<IconPlus size={18} />} onClick={() => setEditing({ permission: null })}>
              Добавить разрешение
            </Button>
          </Can>
        }
      />
      <Card flush>
        {error && !data ? (
          <ErrorState title="Не удалось загрузить список" message={errorMessage(error)} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            aria-label="Разрешения"
            columns={columns}
            rows={paged.rows}
            rowKey="id"
            loading={isLoading}
            page={paged.page}
            perPage={paged.perPage}
            total={paged.total}
            lastPage={paged.lastPage}
            onPageChange={paged.onPageChange}
            onPerPageChange={paged.onPerPageChange}
          />
        )}
      </Card>
      <PermissionDialog permission={editing?.permission ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
