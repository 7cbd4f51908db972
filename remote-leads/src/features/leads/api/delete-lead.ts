import { api } from '@crm/shared/api-client';

/** DELETE /api/leads/{id}: needs `delete lead`; a lead outside the caller's scope answers 404. */
export function deleteLead(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/leads/${id}`);
}
