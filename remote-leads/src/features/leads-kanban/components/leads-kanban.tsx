import { useMemo } from 'react';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { NO_STATUS_LABEL } from '@crm/shared/schemas/mini';
import { media, Spinner } from '@crm/shared/ui';
import type { LeadsFilters } from '../../../api/get-leads';
import { useKanbanBoard } from '../hooks/use-kanban-board';
import { KanbanColumn, type KanbanColumnStatus } from './kanban-column';

export interface LeadsKanbanProps {
  /** Every status; a column each, in position order, after the first column 'Без статуса'. */
  statuses: readonly LeadStatus[];
  statusesLoading?: boolean;
  /** The list's search, responsible-user and favourites filters (and its sort, within a column). */
  filters: LeadsFilters;
}

// Only the board scrolls sideways. Positioned, so the columns' visually hidden counts (absolute) scroll inside it
// rather than widen the page. On a phone a column fills the width and a swipe stops on the next one.
const Board = styled.div`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: 1rem;
  padding-bottom: 0.5rem;
  overflow-x: auto;
  ${media.down('sm')} {
    scroll-snap-type: x mandatory;
    & > section {
      width: 100%;
      scroll-snap-align: start;
    }
  }
`;

const NO_LEADS: readonly LeadListItem[] = [];

/** Leads imported without a status, or left by a deleted one, would otherwise be on no column at all. */
const NO_STATUS_COLUMN: KanbanColumnStatus = { id: null, name: NO_STATUS_LABEL, color: '#A8AAAE' };

/**
 * The leads as a board: 'Без статуса' first, then a column per status; dragging a card (or its status menu) changes
 * its status, into and out of 'Без статуса' too.
 */
export function LeadsKanban({ statuses, statusesLoading, filters }: LeadsKanbanProps) {
  const canMove = useAbility().can('edit', 'lead');
  const ordered = useMemo(() => [...statuses].sort((a, b) => a.position - b.position), [statuses]);
  const board = useKanbanBoard(ordered);
  const { moves } = board;

  const { hiddenIds, incoming, outgoing } = useMemo(() => {
    const into = new Map<number | null, LeadListItem[]>();
    const out = new Map<number | null, number>();
    for (const pending of [...moves.values()].reverse()) {
      into.set(pending.to, [...(into.get(pending.to) ?? []), pending.lead]);
      out.set(pending.from, (out.get(pending.from) ?? 0) + 1);
    }
    return { hiddenIds: new Set(moves.keys()), incoming: into, outgoing: out };
  }, [moves]);

  // A new filter starts every column again at its first batch.
  const filtersKey = JSON.stringify(filters);

  if (statusesLoading && ordered.length === 0) return <Spinner size={32} />;

  return (
    <Board>
      {[NO_STATUS_COLUMN, ...ordered].map((status) => (
        <KanbanColumn
          key={`${status.id}:${filtersKey}`}
          status={status}
          filters={filters}
          board={board}
          incoming={incoming.get(status.id) ?? NO_LEADS}
          outgoing={outgoing.get(status.id) ?? 0}
          hiddenIds={hiddenIds}
          canMove={canMove}
          statuses={ordered}
        />
      ))}
    </Board>
  );
}
