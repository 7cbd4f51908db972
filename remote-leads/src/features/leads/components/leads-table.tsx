import styled from 'styled-components';
import { Chip, DataTable, type DataTableColumn } from '@crm/shared/ui';
import type { LeadListItem, PaginationMeta } from '@crm/shared/schemas';
import { formatDate } from '../utils/format-date';
import { formatLeadName } from '../utils/format-lead-name';
import { LeadStatusChip } from './lead-status-chip';

export interface LeadsTableProps {
  rows: readonly LeadListItem[];
  meta: PaginationMeta | undefined;
  loading: boolean;
  page: number;
  perPage: number;
  sort: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortChange: (sort: string | undefined) => void;
}

const People = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

// sortKey names the API's sort field (LEAD_SORT_FIELDS) where it differs from the column.
const columns: DataTableColumn<LeadListItem>[] = [
  { key: 'name', header: 'ФИО', sortable: true, sortKey: 'surname', render: (lead) => formatLeadName(lead) },
  { key: 'phone', header: 'Телефон', sortable: true },
  {
    key: 'status',
    header: 'Статус',
    sortable: true,
    sortKey: 'status_id',
    render: (lead) => <LeadStatusChip status={lead.status} />,
  },
  {
    key: 'responsible',
    header: 'Ответственные',
    render: (lead) => (
      <People>
        {lead.responsible.map((user) => (
          <Chip key={user.id} color="secondary">
            {user.name}
          </Chip>
        ))}
      </People>
    ),
  },
  { key: 'created_at', header: 'Создан', sortable: true, render: (lead) => formatDate(lead.created_at) },
];

/** One server page of leads; page, size and sort are the caller's (they live in the URL). */
export function LeadsTable({ rows, meta, loading, page, perPage, sort, onPageChange, onPerPageChange, onSortChange }: LeadsTableProps) {
  return (
    <DataTable
      aria-label="Лиды"
      columns={columns}
      rows={rows}
      rowKey="id"
      loading={loading}
      page={page}
      perPage={perPage}
      total={meta?.total ?? 0}
      lastPage={meta?.last_page ?? 1}
      onPageChange={onPageChange}
      onPerPageChange={onPerPageChange}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
