import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from '@crm/shared/router';
import type { z } from 'zod/mini';
import type { PaginationMeta } from '@crm/shared/schemas/mini';
import type { TotalKind } from '@crm/shared/ui';
import { lenientQuerySchema, type QuerySchema } from './lenient-query-schema';

/** The URL state of a server-paged list: what its schema parses, which always has a page and a page size. */
export type ListQueryValues = { page: number; per_page: number; sort?: string };

export interface ListQueryOptions<Q> {
  /** Fields that keep the current page when they change (e.g. a table/kanban switch); any other change goes to page 1. */
  keepPage?: readonly (keyof Q & string)[];
}

export interface ListQueryUpdateOptions {
  /** Replace the history entry instead of pushing one (for search-as-you-type). */
  replace?: boolean;
}

/** How a list's total reads, from `meta.total_is_capped` / `meta.total_is_estimate` where the list sends them. */
export function totalKindOf(meta: PaginationMeta | undefined): TotalKind {
  const flags = meta as { total_is_capped?: boolean; total_is_estimate?: boolean } | undefined;
  if (flags?.total_is_capped) return 'atLeast';
  return flags?.total_is_estimate ? 'about' : 'exact';
}

/** What `DataTable` needs for paging and sorting a server list. */
export interface ListTableProps {
  page: number;
  perPage: number;
  sort: string | null;
  total: number;
  /** From a list `meta` that says how its total reads (GET /api/leads with `cursors=1`); a count otherwise. */
  totalKind: TotalKind;
  lastPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortChange: (sort: string | undefined) => void;
}

export interface ListQuery<Q extends ListQueryValues> {
  /** The URL read through the schema: always complete, with defaults where the URL is silent or wrong. */
  query: Q;
  /** What an empty URL means. */
  defaults: Q;
  /**
   * Merges `patch` into the URL. `undefined` puts a field back to its default (and out of the URL). Changing any
   * field but `page` (and the `keepPage` ones) goes back to page 1. Calls in one event compose.
   */
  update: (patch: Partial<Q>, options?: ListQueryUpdateOptions) => void;
  /** `DataTable`'s paging and sorting props, with the total and last page from the answer's `meta`. */
  tableProps: (meta: PaginationMeta | undefined) => ListTableProps;
}

type Raw = Record<string, string | string[]>;

function readParams(params: URLSearchParams, names: readonly string[]): Raw {
  const raw: Raw = {};
  for (const name of names) {
    const values = params.getAll(name);
    // One value is a string and several an array, as the API's querystring parser hands them to the same schema.
    if (values.length === 1) raw[name] = values[0];
    else if (values.length > 1) raw[name] = values;
  }
  return raw;
}

function writeValue(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(writeValue);
  // As the API client sends booleans.
  if (typeof value === 'boolean') return [value ? '1' : '0'];
  return [String(value)];
}

/**
 * A server-paged list's page, page size, search, filters and sort, kept in the URL so a reload or a shared link
 * shows the same list. The URL is read with the API's own querystring schema (`lenientQuerySchema`), so the page asks
 * the API only what it accepts. Pass a module-level schema: a new one each render would reparse every time.
 *
 * @example
 * const { query, update, tableProps } = useListQuery(listLeadsQuerySchema);
 * const { data } = useLeads(query);
 * <DataTable rows={data?.data ?? []} {...tableProps(data?.meta)} … />
 */
export function useListQuery<S extends QuerySchema & z.ZodMiniType<ListQueryValues, unknown>>(
  schema: S,
  options: ListQueryOptions<z.output<S>> = {},
): ListQuery<z.output<S>> {
  type Q = z.output<S>;
  const lenient = useMemo(() => lenientQuerySchema(schema), [schema]);
  const names = useMemo(() => Object.keys(lenient.shape), [lenient]);
  const defaults = useMemo(() => lenient.parse({}) as Q, [lenient]);
  const [params, setParams] = useSearchParams();
  // The router keeps `params` until the search string changes, so this reparses only then.
  const query = useMemo(() => lenient.parse(readParams(params, names)) as Q, [lenient, names, params]);

  // Two updates in one event (the table sets the page size, then page 1) must compose; the router's functional
  // update would hand both the same rendered params, so the last written params are remembered here.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const keepPage = options.keepPage;
  const update = useCallback(
    (patch: Partial<Q>, updateOptions?: ListQueryUpdateOptions) => {
      const current = latest.current;
      const next: Record<string, unknown> = { ...(lenient.parse(readParams(current, names)) as Q), ...patch };
      const resets = Object.keys(patch).some((name) => name !== 'page' && !keepPage?.includes(name as keyof Q & string));
      if (resets) next.page = defaults.page;

      // Parameters the schema does not know (another widget's) are left as they are.
      const written = new URLSearchParams();
      current.forEach((value, name) => {
        if (!names.includes(name)) written.append(name, value);
      });
      for (const name of names) {
        const values = writeValue(next[name]);
        // Defaults stay out of the URL, so a plain /leads/list stays plain.
        if (values.join('\u0000') === writeValue(defaults[name as keyof Q]).join('\u0000')) continue;
        for (const value of values) written.append(name, value);
      }
      latest.current = written;
      setParams(written, { replace: updateOptions?.replace });
    },
    [defaults, keepPage, lenient, names, setParams],
  );

  const callbacks = useMemo(
    () => ({
      onPageChange: (page: number) => update({ page } as Partial<Q>),
      onPerPageChange: (per_page: number) => update({ per_page } as Partial<Q>),
      onSortChange: (sort: string | undefined) => update({ sort } as Partial<Q>),
    }),
    [update],
  );
  const tableProps = useCallback(
    (meta: PaginationMeta | undefined): ListTableProps => ({
      page: query.page,
      perPage: query.per_page,
      sort: query.sort ?? null,
      total: meta?.total ?? 0,
      totalKind: totalKindOf(meta),
      lastPage: meta?.last_page ?? 1,
      ...callbacks,
    }),
    [callbacks, query.page, query.per_page, query.sort],
  );

  return { query, defaults, update, tableProps };
}
