import { DEFAULT_PER_PAGE, LEAD_SORT_FIELDS, PER_PAGE_OPTIONS } from '@crm/shared/schemas';

export const DEFAULT_LEADS_SORT = '-created_at';

export const LEADS_VIEWS = ['table', 'kanban'] as const;
export type LeadsView = (typeof LEADS_VIEWS)[number];

/** The list's state as it lives in the URL; every field is always set so the API key is stable. */
export type LeadsQuery = {
  page: number;
  per_page: number;
  search: string;
  status_id: number | undefined;
  /** A responsible user. */
  user_id: number | undefined;
  /** Only the caller's starred leads. */
  favorite: boolean;
  sort: string;
  view: LeadsView;
};

/** What GET /api/leads (and the CSV export) filters by: the URL's filters without paging or the view. */
export type LeadsFilters = {
  search: string | undefined;
  status_id: number | undefined;
  user_id: number | undefined;
  favorite: '1' | undefined;
  sort: string;
};

const SORT_PATTERN = new RegExp(`^-?(${LEAD_SORT_FIELDS.join('|')})$`);

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 && Number.isSafeInteger(value) ? value : undefined;
}

/** Reads the URL leniently: a hand-edited or stale value falls back to the default instead of a 422. */
export function parseLeadsQuery(params: URLSearchParams): LeadsQuery {
  const perPage = positiveInt(params.get('per_page'));
  const sort = params.get('sort') ?? '';
  const view = params.get('view');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    per_page: perPage !== undefined && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    search: (params.get('search') ?? '').trim(),
    status_id: positiveInt(params.get('status_id')),
    user_id: positiveInt(params.get('user_id')),
    favorite: params.get('favorite') === '1',
    sort: SORT_PATTERN.test(sort) ? sort : DEFAULT_LEADS_SORT,
    view: (LEADS_VIEWS as readonly (string | null)[]).includes(view) ? (view as LeadsView) : 'table',
  };
}

const DEFAULTS: Record<string, string> = {
  page: '1',
  per_page: String(DEFAULT_PER_PAGE),
  sort: DEFAULT_LEADS_SORT,
  search: '',
  view: 'table',
};

/** Writes a query back; defaults are left out so a plain /leads/list stays plain. */
export function toLeadsSearchParams(query: LeadsQuery): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string | undefined][] = [
    ['page', String(query.page)],
    ['per_page', String(query.per_page)],
    ['search', query.search],
    ['status_id', query.status_id === undefined ? undefined : String(query.status_id)],
    ['user_id', query.user_id === undefined ? undefined : String(query.user_id)],
    ['favorite', query.favorite ? '1' : undefined],
    ['sort', query.sort],
    ['view', query.view],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== DEFAULTS[key]) params.set(key, value);
  }
  return params;
}

/** The filters of a query, as the API spells them (empty ones undefined, so the client leaves them out). */
export function toLeadsFilters(query: LeadsQuery): LeadsFilters {
  return {
    search: query.search || undefined,
    status_id: query.status_id,
    user_id: query.user_id,
    favorite: query.favorite ? '1' : undefined,
    sort: query.sort,
  };
}
