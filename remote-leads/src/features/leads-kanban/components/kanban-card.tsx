import { memo, useMemo, type DragEvent } from 'react';
import styled from 'styled-components';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { type LeadStatusFilter, NO_STATUS, NO_STATUS_LABEL } from '@crm/shared/schemas/mini';
import { alpha, Chip, Ltr, Select, type SelectOption, userDisplayName } from '@crm/shared/ui';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { LeadCardName, LeadCardTop } from '../../../components/lead-card-heading';
import { formatLeadName } from '../../../utils/format-lead-name';

export interface KanbanCardProps {
  lead: LeadListItem;
  /** Drag and the status menu show only with `edit lead`. */
  canMove: boolean;
  statuses: readonly LeadStatus[];
  /** The handlers must be stable: cards are memoised. */
  /** `null`: to 'Без статуса'. */
  onMove: (lead: LeadListItem, statusId: number | null) => void;
  onToggleFavorite: (leadId: number, isFavorite: boolean) => void;
  onDragStart: (lead: LeadListItem, event: DragEvent) => void;
  onDragEnd: () => void;
}

const Root = styled.article<{ $draggable: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  cursor: ${({ $draggable }) => ($draggable ? 'grab' : 'default')};
  &:active { cursor: ${({ $draggable }) => ($draggable ? 'grabbing' : 'default')}; }
`;

const Phone = styled.span`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const People = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

const Star = styled(FavoriteToggle)`
  flex: none;
  margin: -0.25rem -0.375rem 0 0;
  &[aria-pressed='true'] { background: ${({ theme }) => alpha(theme.colors.warning, 0.12)}; }
`;

/**
 * A lead on the kanban: name (a link to the lead), phone, responsible users and the caller's star. It is dragged
 * to another column with the mouse; the status menu does the same from the keyboard.
 */
export const KanbanCard = memo(function KanbanCard({
  lead,
  canMove,
  statuses,
  onMove,
  onToggleFavorite,
  onDragStart,
  onDragEnd,
}: KanbanCardProps) {
  const name = formatLeadName(lead);
  // 'Без статуса' first, as on the board.
  const options = useMemo<SelectOption<LeadStatusFilter>[]>(
    () => [{ value: NO_STATUS, label: NO_STATUS_LABEL }, ...statuses.map((status) => ({ value: status.id, label: status.name }))],
    [statuses],
  );
  return (
    <Root
      aria-label={name}
      $draggable={canMove}
      draggable={canMove}
      onDragStart={canMove ? (event) => onDragStart(lead, event) : undefined}
      onDragEnd={canMove ? onDragEnd : undefined}
    >
      <LeadCardTop>
        <LeadCardName to={`/leads/${lead.id}`} draggable={false}>
          {name}
        </LeadCardName>
        <Star leadId={lead.id} leadName={name} active={lead.is_favorite} onToggle={onToggleFavorite} />
      </LeadCardTop>
      {lead.phone ? (
        <Phone>
          <Ltr>{lead.phone}</Ltr>
        </Phone>
      ) : null}
      {lead.responsible.length > 0 ? (
        <People>
          {lead.responsible.map((user) => (
            <Chip key={user.id} color="secondary">
              {userDisplayName(user)}
            </Chip>
          ))}
        </People>
      ) : null}
      {canMove ? (
        <Select<LeadStatusFilter>
          aria-label={`Статус: ${name}`}
          options={options}
          value={lead.status_id ?? NO_STATUS}
          onChange={(value) => {
            if (value !== null) onMove(lead, value === NO_STATUS ? null : value);
          }}
        />
      ) : null}
    </Root>
  );
});
