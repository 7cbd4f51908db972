import { api } from '@crm/shared/api-client';

/** GET /api/leads/favorite/{id} flips the caller's own star (a GET by the spec, §7) and answers the new state. */
export function toggleLeadFavorite(id: number): Promise<{ data: { is_favorite: boolean } }> {
  return api.get<{ data: { is_favorite: boolean } }>(`/leads/favorite/${id}`);
}
