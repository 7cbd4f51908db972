import { useCallback } from 'react';
import { api, errorMessage } from '@crm/shared/api-client';
import type { DataEnvelope, favoriteStateSchema } from '@crm/shared/schemas';
import { useToast } from '@crm/shared/ui';
import { usePatchCachedLead } from '../hooks/use-patch-cached-lead';

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget);
// the detail, the form and the settings pages parse their answers.
/** GET /api/leads/favorite/{id} flips the caller's own star (a GET by the spec) and answers the new state. */
export function toggleLeadFavorite(id: number): Promise<DataEnvelope<typeof favoriteStateSchema>> {
  return api.get<DataEnvelope<typeof favoriteStateSchema>>(`/leads/favorite/${id}`);
}

/**
 * The star of the table and of the kanban: flips the lead at once wherever it is shown, then keeps the server's
 * answer, or puts the star back and says why.
 */
export function useToggleLeadFavorite(): (leadId: number, isFavorite: boolean) => Promise<void> {
  const patch = usePatchCachedLead();
  const toast = useToast();
  return useCallback(
    async (leadId, isFavorite) => {
      patch(leadId, () => ({ is_favorite: !isFavorite }));
      try {
        const { data } = await toggleLeadFavorite(leadId);
        patch(leadId, () => ({ is_favorite: data.is_favorite }));
      } catch (failure) {
        patch(leadId, () => ({ is_favorite: isFavorite }));
        toast.error(`Не удалось обновить избранное: ${errorMessage(failure)}`);
      }
    },
    [patch, toast],
  );
}
