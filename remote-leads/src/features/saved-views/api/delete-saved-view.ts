import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { SAVED_VIEWS_PATH, savedViewsKey } from './get-saved-views';

/** DELETE /api/saved-views/{id} (the owner's only). */
export function deleteSavedView(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${SAVED_VIEWS_PATH}/${id}`);
}

/** Deletes a view and reloads the tabs. */
export function useDeleteSavedView() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      await deleteSavedView(id);
      await mutate(savedViewsKey);
    },
    [mutate],
  );
}
