import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { CreateSavedViewInput, SavedView } from '@crm/shared/schemas';
import { SAVED_VIEWS_PATH, savedViewsKey } from './get-saved-views';

/** POST /api/saved-views (422 by field; 403 when sharing without `manage saved-views`). */
export function createSavedView(input: CreateSavedViewInput): Promise<{ data: SavedView }> {
  return api.post<{ data: SavedView }>(SAVED_VIEWS_PATH, input);
}

/** Creates a view and reloads the tabs. */
export function useCreateSavedView() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateSavedViewInput) => {
      const { data } = await createSavedView(input);
      await mutate(savedViewsKey);
      return data;
    },
    [mutate],
  );
}
