import { useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { usePendingDeletes } from '@crm/shared/api-client';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { alpha, Button, readableOn, Spinner, themeTextShade } from '@crm/shared/ui';
import { pendingLeadKey } from '../../../api/delete-lead';
import { useLeads, type LeadsFilters } from '../../../api/get-leads';
import type { KanbanBoard } from '../hooks/use-kanban-board';
import { columnRequest } from '../utils/column-request';
import { KanbanCard } from './kanban-card';
import { KanbanColumnPage } from './kanban-column-page';

/** A column: a status, or `id: null` for the leads without one ('Без статуса'). */
export type KanbanColumnStatus = Pick<LeadStatus, 'name' | 'color'> & { id: number | null };

export interface KanbanColumnProps {
  status: KanbanColumnStatus;
  filters: LeadsFilters;
  board: KanbanBoard;
  /** Cards moved here and not yet confirmed, newest first. */
  incoming: readonly LeadListItem[];
  /** Cards moved away from here and not yet confirmed. */
  outgoing: number;
  hiddenIds: ReadonlySet<number>;
  canMove: boolean;
  statuses: readonly LeadStatus[];
}

const Root = styled.section<{ $over: boolean; $color: string }>`
  flex: none;
  display: flex;
  flex-direction: column;
  width: 18rem;
  max-height: calc(100vh - 12rem);
  min-height: 12rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.hover};
  outline: 2px dashed ${({ $over, $color }) => ($over ? $color : 'transparent')};
  outline-offset: -2px;
  transition: outline-color ${({ theme }) => theme.transition};
`;

const Header = styled.header<{ $color: string }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.75rem 1rem;
  border-top: 3px solid ${({ $color }) => $color};
  border-radius: ${({ theme }) => theme.radius.md} ${({ theme }) => theme.radius.md} 0 0;
  background: ${({ $color }) => alpha($color, 0.16)};
`;

// The status colour marks the header (border, tint); its title takes a shade of it readable on the column's grey and
// the tint, and the count black or white by contrast (docs/decisions/043).
const Title = styled.h2<{ $color: string }>`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size};
  font-weight: 600;
  color: ${({ theme, $color }) => themeTextShade(theme, $color, 0.24)};
`;

const Count = styled.span<{ $color: string }>`
  min-width: 1.75rem;
  padding: 0.0625rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 600;
  text-align: center;
  color: ${({ $color }) => readableOn($color)};
  background: ${({ $color }) => $color};
`;

// Read by screen readers, not shown: the badge alone would be a bare number.
const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Cards = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.625rem;
  padding: 0.75rem;
  overflow-y: auto;
`;

const Empty = styled.p`
  margin: 1rem 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * One status: a coloured header with the count, its first 20 cards and "Показать ещё" for the next 20.
 * Dropping a card of another column here moves it to this status.
 */
export function KanbanColumn({ status, filters, board, incoming, outgoing, hiddenIds, canMove, statuses }: KanbanColumnProps) {
  const [pages, setPages] = useState(1);
  const [over, setOver] = useState(false);
  const first = useLeads(columnRequest(filters, status.id, 1));
  const meta = first.data?.meta;
  // Pending moves count where the card is shown until the reloaded totals include them.
  const count = meta ? meta.total + incoming.length - outgoing : undefined;
  const accepts = canMove && board.dragging !== null && board.dragging.status_id !== status.id;

  const renderCard = (lead: LeadListItem) => (
    <KanbanCard
      key={lead.id}
      lead={lead}
      canMove={canMove}
      statuses={statuses}
      onMove={board.move}
      onToggleFavorite={board.toggleFavorite}
      onDragStart={board.startDrag}
      onDragEnd={board.endDrag}
    />
  );
  // Server batches leave out cards with a pending move: those show only in their new column, from `incoming`. A
  // lead whose delete waits for 'Отменить' is left out too (docs/decisions/064).
  const pendingDeletes = usePendingDeletes();
  const hidden = (lead: LeadListItem) => hiddenIds.has(lead.id) || pendingDeletes.has(pendingLeadKey(lead.id));
  const renderLeads = (leads: readonly LeadListItem[]) => leads.map((lead) => (hidden(lead) ? null : renderCard(lead)));

  const visibleFirst = (first.data?.data ?? []).filter((lead) => !hidden(lead)).length;
  const empty = first.data !== undefined && visibleFirst === 0 && incoming.length === 0 && pages === 1;

  return (
    <Root
      aria-label={status.name}
      $over={over && accepts}
      $color={status.color}
      onDragOver={(event: DragEvent) => {
        if (!accepts) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setOver(false);
        board.dropOn(status.id);
      }}
    >
      <Header $color={status.color}>
        <Title $color={status.color}>{status.name}</Title>
        <Count $color={status.color} aria-hidden>
          {count ?? '…'}
        </Count>
        {count === undefined ? null : <Hidden>{`Лидов: ${count}`}</Hidden>}
      </Header>
      <Cards>
        {incoming.map(renderCard)}
        {first.error && !first.data ? (
          <Empty role="alert">
            {first.error.message}{' '}
            <Button variant="text" size="sm" onClick={() => void first.mutate()}>
              Повторить
            </Button>
          </Empty>
        ) : first.data ? (
          renderLeads(first.data.data)
        ) : (
          <Spinner size={24} />
        )}
        {Array.from({ length: pages - 1 }, (_, index) => (
          <KanbanColumnPage key={index + 2} request={columnRequest(filters, status.id, index + 2)} renderLeads={renderLeads} />
        ))}
        {empty ? <Empty>No data available</Empty> : null}
        {meta && pages < meta.last_page ? (
          <Button variant="text" size="sm" onClick={() => setPages((n) => n + 1)}>
            Показать ещё
          </Button>
        ) : null}
      </Cards>
    </Root>
  );
}
