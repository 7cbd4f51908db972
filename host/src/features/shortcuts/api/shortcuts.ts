import { api } from '@crm/shared/api-client';
import { shortcutsSchema } from '@crm/shared/schemas/mini';

/** GET /api/me/shortcuts: the keys of the pages the user pinned, in order. */
export async function getShortcuts(): Promise<string[]> {
  return shortcutsSchema.parse(await api.get<unknown>('/me/shortcuts')).pages;
}

/** PUT /api/me/shortcuts: 422 names an unknown page or one the user may not open. */
export async function saveShortcuts(pages: string[]): Promise<string[]> {
  return shortcutsSchema.parse(await api.put<unknown>('/me/shortcuts', { pages })).pages;
}
