import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { type LeadStatusFilter, NO_STATUS, NO_STATUS_LABEL } from '@crm/shared/schemas/mini';
import { Select, TextField, type SelectOption } from '@crm/shared/ui';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';

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
}

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: end;
  gap: 1rem;
  padding: 1.25rem;
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
}: LeadsToolbarProps) {
  const favoriteId = useId();
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

  return (
    <Bar>
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
    </Bar>
  );
}
