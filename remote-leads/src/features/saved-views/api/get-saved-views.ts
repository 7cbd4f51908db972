import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { SavedView } from '@crm/shared/schemas';

export const SAVED_VIEWS_PATH = '/saved-views';
export const savedViewsKey = [SAVED_VIEWS_PATH] as const;

export interface SavedViewsResponse {
  data: SavedView[];
}

// Typed, not parsed: the tabs are part of the leads list's first load, which carries no classic zod.
/** GET /api/saved-views: the caller's views, then those shared with their teams or everyone. */
export function getSavedViews(): Promise<SavedViewsResponse> {
  return api.get<SavedViewsResponse>(SAVED_VIEWS_PATH);
}

export function useSavedViews() {
  return useSWR<SavedViewsResponse, ApiError>(savedViewsKey, getSavedViews);
}
