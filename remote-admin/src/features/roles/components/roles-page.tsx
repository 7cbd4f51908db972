import styled from 'styled-components';
import { Chip, CrudListPage, type DataTableColumn } from '@crm/shared/ui';
import type { Role } from '@crm/shared/schemas';
import { useRoles } from '../api/get-roles';
import { leadScopeLabel } from '../utils/lead-scope-label';

const Rules = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

const columns: DataTableColumn<Role>[] = [
  { key: 'name', header: 'Role' },
  { key: 'lead_scope', header: 'Lead scope', render: (role) => leadScopeLabel(role.lead_scope) },
  { key: 'users_count', header: 'Users', align: 'end', width: 96 },
  {
    key: 'permissions',
    header: 'Permissions',
    render: (role) => (
      <Rules>
        {role.permissions.map((rule) => (
          <Chip key={`${rule.action}:${rule.subject}`} color={rule.action === 'manage' ? 'warning' : 'primary'}>
            {`${rule.action} ${rule.subject}`}
          </Chip>
        ))}
      </Rules>
    ),
  },
];

/** /apps/roles: each role with the leads it sees, how many users hold it and its rules (read-only here). */
export function RolesPage() {
  const { data, error, isLoading, mutate } = useRoles();
  return (
    <CrudListPage
      title="Roles"
      aria-label="Roles"
      columns={columns}
      rows={data?.data}
      rowKey="id"
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
    />
  );
}
