// Apart from get-document.ts, which parses with the classic schemas: the list's delete needs the path and the cache
// key, not the document's schema (docs/decisions/080).
/** GET, PUT and DELETE /api/document/{id}. */
export const documentPath = (id: number) => `/document/${id}`;
/** A document's one cache entry. */
export const documentKey = (id: number) => [documentPath(id)] as const;
