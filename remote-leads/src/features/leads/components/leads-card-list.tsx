import { useAbility } from '@crm/shared/abilities/react';
import type { ListTableProps } from '@crm/shared/lists';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { Pagination, Spinner, useUiText } from '@crm/shared/ui';
import styled from 'styled-components';
import type { ShownLeadColumns } from '../utils/lead-columns';
import { LeadCard } from './lead-card';

export interface LeadsCardListProps {
  rows: readonly LeadListItem[];
  loading: boolean;
  /** Page and totals, kept in the URL by the list's `useListQuery` (the same as the table's). */
  paging: ListTableProps;
  statuses: readonly LeadStatus[];
  /** Stable, as for the table: the cards are memoised. */
  onStatusChange: (leadId: number, statusId: number | null) => void;
  onToggleFavorite: (leadId: number, isFavorite: boolean) => void;
  /** The table's shown columns, which the cards follow. */
  shown?: ShownLeadColumns;
}

// As the table words its total (decisions 009 and 032).
const RANGE_TEXT = { exact: 'table.range', atLeast: 'table.rangeAtLeast', about: 'table.rangeAbout' } as const;

const List = styled.div`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Message = styled.p`
  display: grid;
  place-items: center;
  margin: 0;
  padding: 2rem 1.25rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

// While the first page loads, a screen's height keeps the footer where the cards will push it (docs/decisions/080).
const Loading = styled(Message)`
  place-items: start center;
  min-height: 100vh;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding: 0.75rem 1rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The leads list on a phone: one card per lead instead of a table row, the same page of the same request. */
export function LeadsCardList({ rows, loading, paging, statuses, onStatusChange, onToggleFavorite, shown }: LeadsCardListProps) {
  const t = useUiText();
  const canEdit = useAbility().can('edit', 'lead');
  const { page, perPage, total, lastPage, onPageChange } = paging;
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const range = RANGE_TEXT[paging.totalKind];
  return (
    <>
      <List aria-label="Лиды" aria-busy={loading || undefined} role="region">
        {rows.length === 0 ? (
          loading ? (
            <Loading>
              <Spinner size={28} />
            </Loading>
          ) : (
            <Message>{t('table.noData')}</Message>
          )
        ) : (
          rows.map((lead) => (
            <LeadCard
              key={lead.id}
              lead={lead}
              canEdit={canEdit}
              statuses={statuses}
              onStatusChange={onStatusChange}
              onToggleFavorite={onToggleFavorite}
              shown={shown}
            />
          ))
        )}
      </List>
      <Footer>
        {total > 0 ? <span>{t(range, { from, to, total })}</span> : null}
        <Pagination page={page} lastPage={lastPage} onPageChange={onPageChange} disabled={loading} />
      </Footer>
    </>
  );
}
