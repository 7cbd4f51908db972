import type { Lead } from '@crm/shared/schemas';

/** Surname, first name, patronymic: the order Russian documents use. */
export function formatLeadName(lead: Pick<Lead, 'surname' | 'firstname' | 'patronymic'>): string {
  return [lead.surname, lead.firstname, lead.patronymic].filter(Boolean).join(' ');
}
