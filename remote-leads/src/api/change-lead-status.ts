import { api } from '@crm/shared/api-client';
import type { DataEnvelope, leadDetailSchema } from '@crm/shared/schemas';

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget);
// the detail, the form and the settings pages parse their answers.
/**
 * POST /api/leads/status/{id} (inline in the list, a drop on the kanban): needs `edit lead`; answers the updated lead.
 * `null` clears the status ('Без статуса').
 */
export function changeLeadStatus(id: number, statusId: number | null): Promise<DataEnvelope<typeof leadDetailSchema>> {
  return api.post<DataEnvelope<typeof leadDetailSchema>>(`/leads/status/${id}`, { status_id: statusId });
}
