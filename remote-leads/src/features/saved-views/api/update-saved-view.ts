import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { SavedView, UpdateSavedViewInput } from '@crm/shared/schemas';
import { SAVED_VIEWS_PATH, savedViewsKey } from './get-saved-views';

/** PATCH /api/saved-views/{id} with the version read (409 when another window saved first). */
export function updateSavedView(id: number, input: UpdateSavedViewInput): Promise<{ data: SavedView }> {
  return api.patch<{ data: SavedView }>(`${SAVED_VIEWS_PATH}/${id}`, input);
}

/** Changes a view and reloads the tabs. */
export function useUpdateSavedView() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, input: UpdateSavedViewInput) => {
      const { data } = await updateSavedView(id, input);
      await mutate(savedViewsKey);
      return data;
    },
    [mutate],
  );
}
