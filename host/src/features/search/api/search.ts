import { api } from '@crm/shared/api-client';
import { searchResultsSchema, type SearchResults } from '@crm/shared/schemas';

/** GET /api/search: a few hits per group; a group is null when the user may not see that kind of record. */
export async function searchAll(q: string, limit = 5): Promise<SearchResults> {
  return searchResultsSchema.parse(await api.get<unknown>('/search', { q, limit }));
}
