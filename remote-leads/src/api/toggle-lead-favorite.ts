import { useCallback } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { api, errorMessage } from '@crm/shared/api-client';
import type { DataEnvelope, favoriteStateSchema } from '@crm/shared/schemas';
import { useToast } from '@crm/shared/ui';
import { isLeadsPageKey, type LeadsPage } from './get-leads';

/** GET /api/leads/favorite/{id} flips the caller's own star (a GET by the spec, §7) and answers the new state. */
export function toggleLeadFavorite(id: number): Promise<DataEnvelope<typeof favoriteStateSchema>> {
  return api.get<DataEnvelope<typeof favoriteStateSchema>>(`/leads/favorite/${id}`);
}

function withFavorite(page: LeadsPage | undefined, leadId: number, isFavorite: boolean): LeadsPage | undefined {
  if (!page) return page;
  return { ...page, data: page.data.map((lead) => (lead.id === leadId ? { ...lead, is_favorite: isFavorite } : lead)) };
}

/**
 * The star of the table and of the kanban: flips the lead at once on every cached page that shows it, then keeps the
 * server's answer, or puts the star back and says why. Nothing is refetched, so no row moves under the pointer.
 */
export function useToggleLeadFavorite(): (leadId: number, isFavorite: boolean) => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  const toast = useToast();
  return useCallback(
    async (leadId, isFavorite) => {
      // Only pages that hold the lead: writing a page still loading would make SWR drop the answer it awaits.
      const showsLead = (key: unknown) =>
        isLeadsPageKey(key) &&
        ((cache.get(unstable_serialize(key as readonly unknown[]))?.data as LeadsPage | undefined)?.data.some((lead) => lead.id === leadId) ?? false);
      const show = (value: boolean) =>
        void mutate(showsLead, (page: LeadsPage | undefined) => withFavorite(page, leadId, value), { revalidate: false });

      show(!isFavorite);
      try {
        const { data } = await toggleLeadFavorite(leadId);
        show(data.is_favorite);
      } catch (failure) {
        show(isFavorite);
        toast.error(`Не удалось обновить избранное: ${errorMessage(failure)}`);
      }
    },
    [cache, mutate, toast],
  );
}
