import { Chip } from '@crm/shared/ui';
import type { LeadListItem } from '@crm/shared/schemas';

export interface LeadStatusChipProps {
  status: LeadListItem['status'];
}

/** The lead's status in the status's own colour; a dash when the lead has none. */
export function LeadStatusChip({ status }: LeadStatusChipProps) {
  if (!status) return <span aria-label="Без статуса">—</span>;
  return <Chip color={status.color}>{status.name}</Chip>;
}
