import { api } from '@crm/shared/api-client';
import { type DataEnvelope, leadDetailSchema, dataEnvelope } from '@crm/shared/schemas';

const changeLeadStatusAnswer = dataEnvelope(leadDetailSchema);

/**
 * POST /api/leads/status/{id} (inline in the list, a drop on the kanban): needs `edit lead`; answers the updated lead.
 * `null` clears the status ('Без статуса').
 */
export async function changeLeadStatus(id: number, statusId: number | null): Promise<DataEnvelope<typeof leadDetailSchema>> {
  return changeLeadStatusAnswer.parse(await api.post<unknown>(`/leads/status/${id}`, { status_id: statusId }));
}
