import { z } from 'zod';
import { textSchema } from './text';

export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 5;

/** GET /api/search?q=…&limit=…: one box for leads, documents and users (each group only when the caller may see it). */
export const searchQuerySchema = z.object({
  q: textSchema({ error: 'Enter something to search for' })
    .trim()
    .min(1, 'Enter something to search for')
    .max(SEARCH_QUERY_MAX_LENGTH, `Use at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  limit: z.coerce
    .number({ error: `The limit is a whole number from 1 to ${SEARCH_LIMIT_MAX}` })
    .int(`The limit is a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .min(1, `The limit is a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .max(SEARCH_LIMIT_MAX, `The limit is a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchLeadHitSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export const searchDocumentHitSchema = z.object({ id: z.number().int(), title: z.string(), category: z.string() });
export const searchUserHitSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), avatar: z.string().nullable() });

/** A group is null when the caller may not see that kind of record (the client then hides it). */
export const searchResultsSchema = z.object({
  leads: z.array(searchLeadHitSchema).nullable(),
  documents: z.array(searchDocumentHitSchema).nullable(),
  users: z.array(searchUserHitSchema).nullable(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchLeadHit = z.infer<typeof searchLeadHitSchema>;
export type SearchDocumentHit = z.infer<typeof searchDocumentHitSchema>;
export type SearchUserHit = z.infer<typeof searchUserHitSchema>;
