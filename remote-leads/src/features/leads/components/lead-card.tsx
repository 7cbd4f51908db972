import { memo } from 'react';
import { Link } from '@crm/shared/router';
import styled, { css } from 'styled-components';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { LeadCardName, LeadCardTop } from '../../../components/lead-card-heading';
import { formatLeadName } from '../../../utils/format-lead-name';
import { phoneHref } from '../../../utils/phone-href';
import { ALL_LEAD_COLUMNS, type ShownLeadColumns } from '../utils/lead-columns';
import { LeadStatusChip } from './lead-status-chip';
import { LeadStatusSelect } from './lead-status-select';
import { ResponsibleChips } from './responsible-chips';

export interface LeadCardProps {
  lead: LeadListItem;
  /** The status select shows with `edit lead`, the chip without. */
  canEdit: boolean;
  statuses: readonly LeadStatus[];
  /** The handlers must be stable: cards are memoised. */
  onStatusChange: (leadId: number, statusId: number | null) => void;
  onToggleFavorite: (leadId: number, isFavorite: boolean) => void;
  /** The table's shown columns: a hidden status, phone, responsible or star column is hidden on the card too. */
  shown?: ShownLeadColumns;
}

const Root = styled.article`
  display: flex;
  flex-direction: column;
  gap: 0.625rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Quick = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
`;

// Links drawn as text buttons, at least 2.375 rem tall: a thumb hits them (WCAG 2.2 target size).
const action = css`
  display: inline-flex;
  align-items: center;
  min-height: 2.375rem;
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 500;
  text-decoration: none;
  &:hover { text-decoration: underline; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 1px; }
`;

const Action = styled.a`${action}`;
const ActionLink = styled(Link)`${action}`;

/** A lead on a phone: name, status, phone and the quick actions a caller needs (status, comment, call). */
export const LeadCard = memo(function LeadCard({ lead, canEdit, statuses, onStatusChange, onToggleFavorite, shown = ALL_LEAD_COLUMNS }: LeadCardProps) {
  const name = formatLeadName(lead);
  const status = canEdit ? (
    <LeadStatusSelect
      leadId={lead.id}
      leadName={name}
      statusId={lead.status_id}
      color={lead.status?.color}
      statusName={lead.status?.name}
      statuses={statuses}
      onChange={onStatusChange}
    />
  ) : (
    <LeadStatusChip status={lead.status} />
  );
  return (
    <Root aria-label={name}>
      <LeadCardTop>
        <LeadCardName to={`/leads/${lead.id}`}>{name}</LeadCardName>
        {shown.has('is_favorite') ? (
          <FavoriteToggle leadId={lead.id} leadName={name} active={lead.is_favorite} onToggle={onToggleFavorite} />
        ) : null}
      </LeadCardTop>
      {shown.has('status') ? status : null}
      {shown.has('responsible') && lead.responsible.length > 0 ? <ResponsibleChips users={lead.responsible} /> : null}
      <Quick>
        {shown.has('phone') && lead.phone ? (
          <Action href={phoneHref(lead.phone)} aria-label={`Позвонить ${name}: ${lead.phone}`}>
            {lead.phone}
          </Action>
        ) : null}
        <ActionLink to={`/leads/${lead.id}#comments`} aria-label={`Комментарий к ${name}`}>
          Комментарий
        </ActionLink>
      </Quick>
    </Root>
  );
});
