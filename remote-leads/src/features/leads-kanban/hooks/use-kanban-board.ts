import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage } from '@crm/shared/api-client';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { useToast } from '@crm/shared/ui';
import { changeLeadStatus } from '../../../api/change-lead-status';
import { useToggleLeadFavorite } from '../../../api/toggle-lead-favorite';
import { isColumnKeyOf } from '../utils/is-column-key-of';

/** A card shown in its new column before the server has confirmed the move. */
export interface KanbanMove {
  lead: LeadListItem;
  /** Column ids: a status, or null for 'Без статуса'. */
  from: number | null;
  to: number | null;
  ticket: number;
}

export interface KanbanBoard {
  /** Cards moved but not yet confirmed, by lead id: hidden from every server batch, shown at the top of `to`. */
  moves: ReadonlyMap<number, KanbanMove>;
  /** The card being dragged. */
  dragging: LeadListItem | null;
  /** `null` moves the card to 'Без статуса' (clears its status). */
  move: (lead: LeadListItem, statusId: number | null) => Promise<void>;
  /** The star the table uses too (`useToggleLeadFavorite`): flips the card in its cached column. */
  toggleFavorite: (leadId: number, isFavorite: boolean) => Promise<void>;
  startDrag: (lead: LeadListItem, event: DragEvent) => void;
  endDrag: () => void;
  /** Moves the dragged card to `statusId`; false when nothing (or a card of that column) was being dragged. */
  dropOn: (statusId: number | null) => boolean;
}

// Not the standard text/plain alone: a card dropped on a text field elsewhere must not paste its id there.
const DRAG_TYPE = 'application/x-crm-lead';

/**
 * The kanban's optimistic state. A move shows the card in its new column at once; on failure it simply
 * disappears from `moves` (the rollback), on success it stays until both columns have been reloaded, so the
 * card never blinks or shows twice.
 */
export function useKanbanBoard(statuses: readonly LeadStatus[]): KanbanBoard {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [moves, setMoves] = useState<ReadonlyMap<number, KanbanMove>>(() => new Map());
  const [dragging, setDragging] = useState<LeadListItem | null>(null);
  const toggleFavorite = useToggleLeadFavorite();
  const latest = useRef({ statuses, moves, dragging });
  useEffect(() => {
    latest.current = { statuses, moves, dragging };
  });
  const tickets = useRef(0);

  const move = useCallback(
    async (lead: LeadListItem, statusId: number | null) => {
      if (lead.status_id === statusId) return;
      const status = latest.current.statuses.find((s) => s.id === statusId);
      // A card moved again before the first move settled still leaves its original column.
      const from = latest.current.moves.get(lead.id)?.from ?? lead.status_id;
      const ticket = ++tickets.current;
      const moved: LeadListItem = {
        ...lead,
        status_id: statusId,
        status: status ? { id: status.id, name: status.name, color: status.color } : statusId === null ? null : lead.status,
      };
      setMoves((current) => new Map(current).set(lead.id, { lead: moved, from, to: statusId, ticket }));
      const settle = () =>
        setMoves((current) => {
          if (current.get(lead.id)?.ticket !== ticket) return current;
          const next = new Map(current);
          next.delete(lead.id);
          return next;
        });

      try {
        await changeLeadStatus(lead.id, statusId);
      } catch (failure) {
        settle();
        toast.error(`Не удалось изменить статус: ${errorMessage(failure)}`);
        return;
      }
      toast.success('Статус изменён');
      await mutate(isColumnKeyOf([from, lead.status_id, statusId]));
      settle();
    },
    [mutate, toast],
  );

  const startDrag = useCallback((lead: LeadListItem, event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only when some data is set.
    event.dataTransfer.setData(DRAG_TYPE, String(lead.id));
    latest.current.dragging = lead;
    setDragging(lead);
  }, []);

  const endDrag = useCallback(() => {
    latest.current.dragging = null;
    setDragging(null);
  }, []);

  const dropOn = useCallback(
    (statusId: number | null) => {
      const lead = latest.current.dragging;
      endDrag();
      if (!lead || lead.status_id === statusId) return false;
      void move(lead, statusId);
      return true;
    },
    [endDrag, move],
  );

  return { moves, dragging, move, toggleFavorite, startDrag, endDrag, dropOn };
}
