import { memo } from 'react';
import styled from 'styled-components';
import { alpha, themeTextShade } from '@crm/shared/ui';
import type { LeadStatus } from '@crm/shared/schemas';
import { NO_STATUS_LABEL } from '@crm/shared/schemas/mini';

export interface LeadStatusSelectProps {
  leadId: number;
  /** Names the lead in the select's accessible name. */
  leadName: string;
  statusId: number | null;
  /** The status's colour (from the row, so it shows before the statuses have loaded). */
  color: string | undefined;
  /** Names the status while the statuses are still loading. */
  statusName: string | undefined;
  statuses: readonly LeadStatus[];
  /** `null`: 'Без статуса' was chosen. */
  onChange: (leadId: number, statusId: number | null) => void;
}

// Tinted like the status chip, with the text in a shade of the status colour readable on the tint (docs/decisions/043).
const Root = styled.select<{ $color: string }>`
  max-width: 12rem;
  padding: 0.125rem 0.5rem;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.pill};
  font: inherit;
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 500;
  color: ${({ theme, $color }) => themeTextShade(theme, $color)};
  background: ${({ $color }) => alpha($color, 0.16)};
  cursor: pointer;
  &:hover { border-color: ${({ $color }) => alpha($color, 0.5)}; }
  &:focus-visible { outline: 2px solid ${({ $color }) => $color}; outline-offset: 1px; }
  & option { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surface}; }
`;

/**
 * The row's status, changed in place. A native select, not the kit's Select: a page holds up to 100 of them
 * and the native control is far lighter, keyboard-accessible and tinted like the status chip.
 */
export const LeadStatusSelect = memo(function LeadStatusSelect({
  leadId,
  leadName,
  statusId,
  color,
  statusName,
  statuses,
  onChange,
}: LeadStatusSelectProps) {
  const known = statusId === null || statuses.some((status) => status.id === statusId);
  return (
    <Root
      aria-label={`Статус: ${leadName}`}
      $color={color ?? '#A8AAAE'}
      value={statusId ?? ''}
      onChange={(event) => {
        onChange(leadId, event.target.value ? Number(event.target.value) : null);
      }}
    >
      <option value="">{NO_STATUS_LABEL}</option>
      {known ? null : <option value={statusId}>{statusName ?? '…'}</option>}
      {statuses.map((status) => (
        <option key={status.id} value={status.id}>
          {status.name}
        </option>
      ))}
    </Root>
  );
});
