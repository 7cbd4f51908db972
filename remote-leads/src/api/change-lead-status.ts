import { api } from '@crm/shared/api-client';
import type { DataEnvelope, leadDetailSchema } from '@crm/shared/schemas';

/**
 * POST /api/leads/status/{id} (inline in the list, a drop on the kanban): needs `edit lead`; answers the updated lead.
 * `null` clears the status ('Без статуса').
 */
export function changeLeadStatus(id: number, statusId: number | null): Promise<DataEnvelope<typeof leadDetailSchema>> {
  return api.post<DataEnvelope<typeof leadDetailSchema>>(`/leads/status/${id}`, { status_id: statusId });
}
