import type { LeadListItem } from '@crm/shared/schemas';

/** Surname, first name, patronymic: the order Russian documents use (the list's columns read the same). */
export function formatLeadName(lead: Pick<LeadListItem, 'surname' | 'firstname' | 'patronymic'>): string {
  return [lead.surname, lead.firstname, lead.patronymic].filter(Boolean).join(' ');
}
