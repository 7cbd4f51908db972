import { lenientQuerySchema } from '@crm/shared/lists';
import { leadsUrlSchema } from '@crm/shared/schemas/mini';

/** The URL parameter naming the open saved view; the list's own query ignores it and keeps it. */
export const SAVED_VIEW_PARAM = 'saved_view';

/** The list's state as a view keeps it: every URL field that differs from its default, as text, paging left out. */
export type ListState = Record<string, string>;

const lenient = lenientQuerySchema(leadsUrlSchema);
const defaults = lenient.parse({}) as Record<string, unknown>;
/** Where the reader is in the list, not what the list is: not part of a view. */
const NOT_STATE = new Set(['page', 'after', 'before', 'cursors']);

/** A raw query (URL values or a stored view's values) as a ListState, read as the list reads its URL. */
export function listState(raw: Record<string, unknown>): ListState {
  const parsed = lenient.parse(raw) as Record<string, unknown>;
  const state: ListState = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (NOT_STATE.has(name) || value === undefined || value === '' || value === defaults[name]) continue;
    state[name] = String(value);
  }
  return state;
}

/** The list's state in a URL's search parameters. */
export function listStateOfParams(params: URLSearchParams): ListState {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(lenient.shape)) {
    const value = params.get(name);
    if (value !== null) raw[name] = value;
  }
  return listState(raw);
}

export function sameListState(a: ListState, b: ListState): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The search parameters that open `state` as the saved view `viewId` (undefined: "Все лиды"). */
export function paramsOfState(state: ListState, viewId?: number): URLSearchParams {
  const params = new URLSearchParams(state);
  if (viewId !== undefined) params.set(SAVED_VIEW_PARAM, String(viewId));
  return params;
}
