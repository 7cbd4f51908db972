import { DEFAULT_PER_PAGE, LEAD_SORT_FIELDS, PER_PAGE_OPTIONS } from '@crm/shared/schemas';

export const DEFAULT_LEADS_SORT = '-created_at';

/** The list's state as it lives in the URL; every field is always set so the API key is stable. */
export type LeadsQuery = {
  page: number;
  per_page: number;
  search: string;
  status_id: number | undefined;
  sort: string;
};

const SORT_PATTERN = new RegExp(`^-?(${LEAD_SORT_FIELDS.join('|')})$`);

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
}

/** Reads the URL leniently: a hand-edited or stale value falls back to the default instead of a 422. */
export function parseLeadsQuery(params: URLSearchParams): LeadsQuery {
  const perPage = positiveInt(params.get('per_page'));
  const sort = params.get('sort') ?? '';
  return {
    page: positiveInt(params.get('page')) ?? 1,
    per_page: perPage !== undefined && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    search: (params.get('search') ?? '').trim(),
    status_id: positiveInt(params.get('status_id')),
    sort: SORT_PATTERN.test(sort) ? sort : DEFAULT_LEADS_SORT,
  };
}

const DEFAULTS: Record<string, string> = { page: '1', per_page: String(DEFAULT_PER_PAGE), sort: DEFAULT_LEADS_SORT, search: '' };

/** Writes a query back; defaults are left out so a plain /leads/list stays plain. */
export function toLeadsSearchParams(query: LeadsQuery): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string | undefined][] = [
    ['page', String(query.page)],
    ['per_page', String(query.per_page)],
    ['search', query.search],
    ['status_id', query.status_id === undefined ? undefined : String(query.status_id)],
    ['sort', query.sort],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== DEFAULTS[key]) params.set(key, value);
  }
  return params;
}
