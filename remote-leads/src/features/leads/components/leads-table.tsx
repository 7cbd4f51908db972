import { useMemo } from 'react';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { DataTable, Ltr, type DataTableColumn, type RowId } from '@crm/shared/ui';
import type { ListTableProps } from '@crm/shared/lists';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { formatDate } from '../utils/format-date';
import { LEAD_COLUMN_LABELS, type LeadListColumn, type ShownLeadColumns } from '../utils/lead-columns';
import { formatLeadName } from '../../../utils/format-lead-name';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { IconStar } from '../../../components/icon-star';
import { LeadRowActions } from './lead-row-actions';
import { LeadStatusChip } from './lead-status-chip';
import { LeadStatusSelect } from './lead-status-select';
import { ResponsibleChips } from './responsible-chips';

export interface LeadsTableProps {
  rows: readonly LeadListItem[];
  loading: boolean;
  /** Page, size, sort and totals, kept in the URL by the list's `useListQuery`. */
  paging: ListTableProps;
  /** The inline status select's choices, in position order. */
  statuses: readonly LeadStatus[];
  /** The next three must be stable: the memoised cells re-render only when their row changes. */
  /** `null` clears the status. */
  onStatusChange: (leadId: number, statusId: number | null) => void;
  onToggleFavorite: (leadId: number, isFavorite: boolean) => void;
  onDelete: (leadId: number, leadName: string) => void;
  /** Row checkboxes show when this is given. */
  selectedIds?: readonly number[];
  onSelectionChange?: (ids: number[]) => void;
  /** The columns to show (the URL's `columns`); all when absent. Stable: a new set rebuilds the table's columns. */
  shownColumns?: ShownLeadColumns;
}

// A long name breaks, even inside a word, rather than push the actions column out of the card.
const NameLink = styled(Link)`
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 500;
  text-decoration: none;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.primaryText}; }
`;

/** One server page of leads; page, size and sort are the caller's (they live in the URL). */
export function LeadsTable({
  rows,
  loading,
  paging,
  statuses,
  onStatusChange,
  onToggleFavorite,
  onDelete,
  selectedIds,
  onSelectionChange,
  shownColumns,
}: LeadsTableProps) {
  const ability = useAbility();
  const canEdit = ability.can('edit', 'lead');

  // Built once per change of statuses, ability or handlers; sortKey names the API's sort field where it differs.
  const columns = useMemo<DataTableColumn<LeadListItem>[]>(
    () => [
      {
        key: 'name',
        header: LEAD_COLUMN_LABELS.name,
        sortable: true,
        sortKey: 'surname',
        render: (lead) => <NameLink to={`/leads/${lead.id}`}>{formatLeadName(lead)}</NameLink>,
      },
      { key: 'phone', header: LEAD_COLUMN_LABELS.phone, sortable: true, nowrap: true, render: (lead) => <Ltr>{lead.phone}</Ltr> },
      {
        key: 'status',
        header: LEAD_COLUMN_LABELS.status,
        sortable: true,
        sortKey: 'status_id',
        render: (lead) =>
          canEdit ? (
            <LeadStatusSelect
              leadId={lead.id}
              leadName={formatLeadName(lead)}
              statusId={lead.status_id}
              color={lead.status?.color}
              statusName={lead.status?.name}
              statuses={statuses}
              onChange={onStatusChange}
            />
          ) : (
            <LeadStatusChip status={lead.status} />
          ),
      },
      { key: 'responsible', header: LEAD_COLUMN_LABELS.responsible, render: (lead) => <ResponsibleChips users={lead.responsible} /> },
      {
        key: 'is_favorite',
        header: <IconStar size={18} title={LEAD_COLUMN_LABELS.is_favorite} />,
        align: 'center',
        width: 64,
        render: (lead) => (
          <FavoriteToggle leadId={lead.id} leadName={formatLeadName(lead)} active={lead.is_favorite} onToggle={onToggleFavorite} />
        ),
      },
      { key: 'created_at', header: LEAD_COLUMN_LABELS.created_at, sortable: true, nowrap: true, render: (lead) => <Ltr>{formatDate(lead.created_at)}</Ltr> },
      {
        key: 'actions',
        header: LEAD_COLUMN_LABELS.actions,
        align: 'end',
        width: 132,
        render: (lead) => <LeadRowActions leadId={lead.id} leadName={formatLeadName(lead)} onDelete={onDelete} />,
      },
    ],
    [canEdit, statuses, onStatusChange, onToggleFavorite, onDelete],
  );
  const shown = useMemo(
    () => (shownColumns ? columns.filter((column) => shownColumns.has(column.key as LeadListColumn)) : columns),
    [columns, shownColumns],
  );

  return (
    <DataTable
      aria-label="Лиды"
      columns={shown}
      rows={rows}
      rowKey="id"
      loading={loading}
      {...paging}
      selectable={onSelectionChange !== undefined}
      selectedIds={selectedIds}
      onSelectionChange={onSelectionChange ? (ids: RowId[]) => onSelectionChange(ids.map(Number)) : undefined}
    />
  );
}
