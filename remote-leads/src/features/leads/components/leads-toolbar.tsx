import { lazy, Suspense, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { type LeadStatusFilter, NO_STATUS, NO_STATUS_LABEL } from '@crm/shared/schemas/mini';
import { Button, Drawer, Select, TextField, type SelectOption } from '@crm/shared/ui';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { countExtraFilters, type LeadExtraFilterValues } from '../utils/extra-filters';

// Behind "Ещё фильтры" (or in the phone's drawer), so the list's first load does not carry them (e2e first-load-budget).
const LeadExtraFilters = lazy(() => import('./lead-extra-filters').then((module) => ({ default: module.LeadExtraFilters })));

// Long enough to let a word be typed, short enough to feel live.
const SEARCH_DEBOUNCE_MS = 400;

export interface LeadsToolbarProps {
  search: string;
  /** A status, or NO_STATUS for the leads without one. */
  statusId: LeadStatusFilter | undefined;
  userId: number | undefined;
  favorite: boolean;
  statusOptions: readonly SelectOption<number>[];
  statusesLoading?: boolean;
  /** The status filter is left out where it means nothing (the kanban has a column per status). */
  showStatus?: boolean;
  /** The responsible-user filter's choices; undefined hides it (the caller may not `view users`). */
  userOptions: readonly SelectOption<number>[] | undefined;
  usersLoading?: boolean;
  onSearchChange: (search: string) => void;
  onStatusChange: (statusId: LeadStatusFilter | undefined) => void;
  onUserChange: (userId: number | undefined) => void;
  onFavoriteChange: (favorite: boolean) => void;
  /** The date ranges, inactivity, no user and overdue tasks filters; without them those fields are not shown. */
  extra?: LeadExtraFilterValues;
  onExtraChange?: (patch: LeadExtraFilterValues) => void;
  /** A phone: the filters fold into a drawer opened by "Фильтры", which counts the active ones; search stays in view. */
  narrow?: boolean;
}

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: end;
  gap: 1rem;
  padding: 1.25rem;
`;

const NarrowBar = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 0.75rem;
  padding: 1rem;
  & > :first-child { flex: 1; min-width: 0; }
`;

const DrawerFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.375rem;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  & input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** Search (sent once typing pauses), the status and responsible-user filters and "favourites only". */
export function LeadsToolbar({
  search,
  statusId,
  userId,
  favorite,
  statusOptions,
  statusesLoading,
  showStatus = true,
  userOptions,
  usersLoading,
  onSearchChange,
  onStatusChange,
  onUserChange,
  onFavoriteChange,
  extra,
  onExtraChange,
  narrow = false,
}: LeadsToolbarProps) {
  const favoriteId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const extraCount = extra ? countExtraFilters(extra) : 0;
  const [moreOpen, setMoreOpen] = useState(false);
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  // The URL changed under us (back button, a link): show its search instead of what was typed.
  if (search !== shown) {
    setShown(search);
    if (search !== text.trim()) setText(search);
  }
  // 'Без статуса' first: leads imported without one, or left by a deleted status, are found only this way.
  const statusFilterOptions = useMemo<SelectOption<LeadStatusFilter>[]>(
    () => [{ value: NO_STATUS, label: NO_STATUS_LABEL }, ...statusOptions],
    [statusOptions],
  );
  const sendSearch = useDebouncedCallback((value: string) => onSearchChange(value.trim()), SEARCH_DEBOUNCE_MS);

  const searchField = (
    <TextField
      label="Поиск"
      type="search"
      placeholder="ФИО или телефон"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        sendSearch(event.target.value);
      }}
      // Leaving the field applies what was typed at once: a later timer must not pull the user back from a row they opened.
      onBlur={sendSearch.flush}
    />
  );
  const filters = (
    <>
      {showStatus ? (
        <Select<LeadStatusFilter>
          label="Статус"
          placeholder="Все статусы"
          options={statusFilterOptions}
          value={statusId ?? null}
          onChange={(value) => onStatusChange(value ?? undefined)}
          isClearable
          isLoading={statusesLoading}
        />
      ) : null}
      {userOptions ? (
        <Select<number>
          label="Ответственный"
          placeholder="Все пользователи"
          options={userOptions}
          value={userId ?? null}
          onChange={(value) => onUserChange(value ?? undefined)}
          isClearable
          isLoading={usersLoading}
        />
      ) : null}
      <Check htmlFor={favoriteId}>
        <input
          id={favoriteId}
          type="checkbox"
          checked={favorite}
          onChange={(event) => onFavoriteChange(event.target.checked)}
        />
        Только избранные
      </Check>
    </>
  );
  const extraFields =
    extra && onExtraChange ? (
      <Suspense fallback={null}>
        <LeadExtraFilters values={extra} onChange={onExtraChange} />
      </Suspense>
    ) : null;

  if (narrow) {
    // Only the filters the drawer holds count: the search is in view.
    const active =
      [showStatus && statusId !== undefined, userOptions !== undefined && userId !== undefined, favorite].filter(Boolean).length +
      extraCount;
    return (
      <NarrowBar>
        {searchField}
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setDrawerOpen(true)}>
          {active > 0 ? `Фильтры (${active})` : 'Фильтры'}
        </Button>
        <Drawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          title="Фильтры"
          footer={<Button onClick={() => setDrawerOpen(false)}>Показать</Button>}
        >
          <DrawerFields>
            {filters}
            {extraFields}
          </DrawerFields>
        </Drawer>
      </NarrowBar>
    );
  }

  return (
    <Bar>
      {searchField}
      {filters}
      {/* While one of them is set they stay in view, with their values. */}
      {extraFields && extraCount === 0 ? (
        <Button variant="text" aria-expanded={moreOpen} onClick={() => setMoreOpen((open) => !open)}>
          Ещё фильтры
        </Button>
      ) : null}
      {moreOpen || extraCount > 0 ? extraFields : null}
    </Bar>
  );
}
