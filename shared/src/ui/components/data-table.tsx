import { useId, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconArrowDown, IconArrowUp } from '../icons/icons';
import { alpha } from '../tokens/alpha';
import { PER_PAGE_OPTIONS } from '@crm/shared/schemas/mini';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText, type UiT } from '../i18n/ui-i18n';

export type RowId = string | number;

export interface DataTableColumn<T> {
  /** Field shown when there is no `render`, and the sort field (`sortKey` overrides it). */
  key: string;
  header: ReactNode;
  render?: (row: T, index: number) => ReactNode;
  sortable?: boolean;
  sortKey?: string;
  width?: number | string;
  align?: 'start' | 'center' | 'end';
  /** Keeps the cell on one line (phone numbers, dates): the table scrolls sideways rather than break a value. */
  nowrap?: boolean;
}

/** A list's total: counted, at least (a count stopped at its cap), or estimated (decisions 009 and 032). */
export type TotalKind = 'exact' | 'atLeast' | 'about';

const RANGE_TEXT = { exact: 'table.range', atLeast: 'table.rangeAtLeast', about: 'table.rangeAbout' } as const;

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /** The field holding a row's id, or a function returning it. */
  rowKey: (keyof T & string) | ((row: T) => RowId);
  loading?: boolean;
  page: number;
  perPage: number;
  total: number;
  /** How `total` reads: a count (default), at least that many (a capped count: "more than N"), or an estimate ("about N"). */
  totalKind?: TotalKind;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** Called with the new size; the table also moves back to page 1. */
  onPerPageChange: (perPage: number) => void;
  /** The API's sort parameter: `'name'` ascending, `'-name'` descending (as in the spec's `sort=-created_at`). */
  sort?: string | null;
  /** Cycles ascending → descending → unsorted (undefined). */
  onSortChange?: (sort: string | undefined) => void;
  emptyText?: string;
  selectable?: boolean;
  selectedIds?: readonly RowId[];
  onSelectionChange?: (ids: RowId[]) => void;
  /** Accessible name of the table. */
  'aria-label'?: string;
}

const Root = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

// Focusable, so a table wider than a phone scrolls from the keyboard too (axe: scrollable-region-focusable).
const Scroll = styled.div`
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size};
`;

const Th = styled.th<{ $align: string; $width?: string }>`
  padding: 0.75rem 1.25rem;
  text-align: ${({ $align }) => $align};
  width: ${({ $width }) => $width ?? 'auto'};
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 500;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => (theme.mode === 'light' ? '#F6F6F7' : alpha('#E1DEF5', 0.04))};
  border-block: 1px solid ${({ theme }) => theme.colors.border};
`;

const SortButton = styled.button<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  letter-spacing: inherit;
  text-transform: inherit;
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : 'inherit')};
  cursor: pointer;
  & > svg { opacity: ${({ $active }) => ($active ? 1 : 0)}; transition: opacity ${({ theme }) => theme.transition}; }
  &:hover > svg, &:focus-visible > svg { opacity: ${({ $active }) => ($active ? 1 : 0.4)}; }
`;

const Td = styled.td<{ $align: string; $nowrap?: boolean }>`
  padding: 0.625rem 1.25rem;
  text-align: ${({ $align }) => $align};
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;
`;

const Tr = styled.tr<{ $selected?: boolean }>`
  background: ${({ theme, $selected }) => ($selected ? alpha(theme.colors.primary, 0.08) : 'transparent')};
  transition: background ${({ theme }) => theme.transition};
  tbody &:hover { background: ${({ theme, $selected }) => ($selected ? alpha(theme.colors.primary, 0.12) : theme.colors.hover)}; }
`;

const Message = styled.td`
  padding: 2rem 1.25rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Placeholder rows while the first page loads: more than a screen's height, so the footer starts off screen. */
const PLACEHOLDER_ROWS = 25;

// The height of a row with a status pill or icon buttons (2.25rem of content between the cells' padding).
const PlaceholderCell = styled.td`
  height: 2.25rem;
  padding: 0.625rem 1.25rem;
  text-align: center;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  & > * { vertical-align: middle; }
`;

const Checkbox = styled.input`
  width: 1.125rem;
  height: 1.125rem;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
`;

const indeterminate = keyframes`from { transform: translateX(-100%); } to { transform: translateX(250%); }`;

const ProgressBar = styled.div`
  position: absolute;
  inset-inline: 0;
  top: 0;
  z-index: 1;
  height: 3px;
  overflow: hidden;
  background: ${({ theme }) => alpha(theme.colors.primary, 0.16)};
  &::after {
    content: '';
    display: block;
    width: 40%;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    animation: ${indeterminate} 1.1s ease-in-out infinite;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 1rem 1.5rem;
  padding: 0.75rem 1.25rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PageSize = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  & select {
    padding: 0.25rem 1.75rem 0.25rem 0.625rem;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
  & select:focus { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 0; }
`;

const alignOf = (align: DataTableColumn<unknown>['align']) => (align === 'end' ? 'end' : align === 'center' ? 'center' : 'start');
const cssLength = (width: number | string | undefined) => (typeof width === 'number' ? `${width}px` : width);

function cellText(value: unknown, t: UiT): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  return String(value);
}

/** Parses the API's sort parameter. */
function parseSort(sort: string | null | undefined): { field: string; desc: boolean } | null {
  if (!sort) return null;
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}

function DataTableView<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  page,
  perPage,
  total,
  totalKind = 'exact',
  lastPage,
  onPageChange,
  onPerPageChange,
  sort,
  onSortChange,
  emptyText,
  selectable = false,
  selectedIds = [],
  onSelectionChange,
  'aria-label': ariaLabel,
}: DataTableProps<T>) {
  const pageSizeId = useId();
  const t = useUiText();
  const idOf = (row: T): RowId => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as RowId));
  const current = parseSort(sort);
  const pageIds = rows.map(idOf);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id));
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;
  const columnCount = columns.length + (selectable ? 1 : 0);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);

  const toggleSort = (field: string) => {
    if (!onSortChange) return;
    if (current?.field !== field) onSortChange(field);
    else if (!current.desc) onSortChange(`-${field}`);
    else onSortChange(undefined);
  };

  const toggleAll = () => {
    if (!onSelectionChange) return;
    if (allSelected) onSelectionChange(selectedIds.filter((id) => !pageIds.includes(id)));
    else onSelectionChange([...selectedIds, ...pageIds.filter((id) => !selectedIds.includes(id))]);
  };

  const toggleRow = (id: RowId) => {
    if (!onSelectionChange) return;
    onSelectionChange(selectedIds.includes(id) ? selectedIds.filter((s) => s !== id) : [...selectedIds, id]);
  };

  return (
    <Root>
      {loading && rows.length > 0 ? <ProgressBar role="progressbar" aria-label={t('common.loadingLabel')} /> : null}
      <Scroll tabIndex={0} role={ariaLabel ? 'region' : undefined} aria-label={ariaLabel}>
        <Table aria-label={ariaLabel} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {selectable ? (
                <Th $align="start" $width="3rem" scope="col">
                  <Checkbox
                    type="checkbox"
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    disabled={pageIds.length === 0}
                    ref={(el) => {
                      if (el) el.indeterminate = someSelected;
                    }}
                    onChange={toggleAll}
                  />
                </Th>
              ) : null}
              {columns.map((column) => {
                const field = column.sortKey ?? column.key;
                const active = current?.field === field;
                const sortable = Boolean(column.sortable && onSortChange);
                const ariaSort = !sortable ? undefined : !active ? 'none' : current?.desc ? 'descending' : 'ascending';
                const Arrow = active && current?.desc ? IconArrowDown : IconArrowUp;
                return (
                  <Th
                    key={column.key}
                    scope="col"
                    $align={alignOf(column.align)}
                    $width={cssLength(column.width)}
                    aria-sort={ariaSort}
                  >
                    {sortable ? (
                      <SortButton type="button" $active={active} onClick={() => toggleSort(field)}>
                        {column.header}
                        <Arrow size={16} />
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && loading ? (
              // The first page's rows are on their way: as many rows as will come (up to a screenful) hold their place,
              // so the footer does not jump down when they arrive (docs/decisions/080).
              Array.from({ length: Math.min(perPage, PLACEHOLDER_ROWS) }, (_, index) => (
                <tr key={index} aria-hidden={index > 0 || undefined}>
                  <PlaceholderCell colSpan={columnCount}>
                    {index === 0 ? <Spinner size={28} /> : null}
                  </PlaceholderCell>
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <Message colSpan={columnCount}>{emptyText ?? t('table.noData')}</Message>
              </tr>
            ) : (
              rows.map((row, index) => {
                const id = idOf(row);
                const selected = selectedIds.includes(id);
                return (
                  <Tr key={id} $selected={selected}>
                    {selectable ? (
                      <Td $align="start">
                        <Checkbox type="checkbox" aria-label={t('table.selectRow')} checked={selected} onChange={() => toggleRow(id)} />
                      </Td>
                    ) : null}
                    {columns.map((column) => (
                      <Td key={column.key} $align={alignOf(column.align)} $nowrap={column.nowrap}>
                        {column.render ? column.render(row, index) : cellText((row as Record<string, unknown>)[column.key], t)}
                      </Td>
                    ))}
                  </Tr>
                );
              })
            )}
          </tbody>
        </Table>
      </Scroll>
      <Footer>
        <PageSize htmlFor={pageSizeId}>
          {t('table.rowsPerPage')}
          <select
            id={pageSizeId}
            value={perPage}
            onChange={(event) => {
              onPerPageChange(Number(event.target.value));
              if (page !== 1) onPageChange(1);
            }}
          >
            {PER_PAGE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </PageSize>
        <span aria-live="polite">
          {/* The first page is still on its way: its count is not known yet ("0–0 из 0" would be wrong). */}
          {loading && rows.length === 0 ? t('common.loading') : t(RANGE_TEXT[totalKind], { from, to, total })}
        </span>
        <Pagination page={page} lastPage={lastPage} onPageChange={onPageChange} disabled={loading && rows.length === 0} />
      </Footer>
    </Root>
  );
}

/**
 * A server-paginated table: sortable headers (aria-sort), page sizes 5–100, "1–25 of 230",
 * optional row checkboxes, a loading bar and the kit's empty text ('Нет данных', 'No data available') when empty.
 */
export const DataTable = withThemeFallback(DataTableView, 'DataTable') as typeof DataTableView;
