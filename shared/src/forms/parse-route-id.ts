/**
 * A route's `:id` as a record id: a positive safe integer, or null when it cannot be one (`/leads/abc`), so the
 * page says "not found" without asking the API.
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
