import { api } from '@crm/shared/api-client';
import { leadPath } from './get-lead';

/** DELETE /api/leads/{id}. */
export function deleteLead(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(leadPath(id));
}
