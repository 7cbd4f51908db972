import styled from 'styled-components';
import { CrudListPage, type DataTableColumn } from '@crm/shared/ui';
import type { LeadStatus } from '@crm/shared/schemas';
import { useDeleteLeadStatus } from '../api/delete-lead-status';
import { useLeadStatuses } from '../api/get-lead-statuses';
import { ColorSwatch } from './color-swatch';

const Name = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
`;

const columns: DataTableColumn<LeadStatus>[] = [
  {
    key: 'name',
    header: 'Название',
    render: (status) => (
      <Name>
        <ColorSwatch color={status.color} />
        {status.name}
      </Name>
    ),
  },
  { key: 'position', header: 'Позиция', width: 120 },
];

/** /lead-status/list: the statuses, an add button opening the `AddStatusDrawer` child route, delete per row. */
export function LeadStatusListPage() {
  const { data, error, isLoading, mutate } = useLeadStatuses();
  const deleteLeadStatus = useDeleteLeadStatus();
  return (
    <CrudListPage
      title="Статусы лидов"
      aria-label="Статусы лидов"
      columns={columns}
      rows={data?.data}
      rowKey="id"
      loading={isLoading}
      error={error}
      errorTitle="Не удалось загрузить статусы"
      onRetry={() => void mutate()}
      add={{ label: 'Добавить статус', to: 'AddStatusDrawer', subject: 'lead-status' }}
      remove={{
        label: 'Удалить',
        subject: 'lead-status',
        rowLabel: (status) => status.name,
        run: (status) => deleteLeadStatus(status.id),
        successMessage: 'Статус удалён',
      }}
    />
  );
}
