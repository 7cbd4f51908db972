import { Chip, CrudListPage, type DataTableColumn } from '@crm/shared/ui';
import type { Permission } from '@crm/shared/schemas';
import { usePermissions } from '../api/get-permissions';

const columns: DataTableColumn<Permission>[] = [
  { key: 'name', header: 'Name' },
  { key: 'action', header: 'Action', render: (permission) => <Chip color="info">{permission.action}</Chip> },
  { key: 'subject', header: 'Subject', render: (permission) => <Chip color="secondary">{permission.subject}</Chip> },
];

/** /apps/permissions: every action+subject pair a role can be given (read-only here). */
export function PermissionsPage() {
  const { data, error, isLoading, mutate } = usePermissions();
  return (
    <CrudListPage
      title="Permissions"
      aria-label="Permissions"
      columns={columns}
      rows={data?.data}
      rowKey="id"
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
    />
  );
}
