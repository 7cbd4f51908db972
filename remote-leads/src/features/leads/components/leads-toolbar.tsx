import { useState } from 'react';
import styled from 'styled-components';
import { Select, TextField, type SelectOption } from '@crm/shared/ui';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';

// Long enough to let a word be typed, short enough to feel live.
const SEARCH_DEBOUNCE_MS = 400;

export interface LeadsToolbarProps {
  search: string;
  statusId: number | undefined;
  statusOptions: readonly SelectOption<number>[];
  statusesLoading?: boolean;
  onSearchChange: (search: string) => void;
  onStatusChange: (statusId: number | undefined) => void;
}

const Bar = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 2fr) minmax(12rem, 1fr);
  gap: 1rem;
  padding: 1.25rem;
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
  }
`;

/** Search (sent once typing pauses) and the status filter. */
export function LeadsToolbar({ search, statusId, statusOptions, statusesLoading, onSearchChange, onStatusChange }: LeadsToolbarProps) {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  // The URL changed under us (back button, a link): show its search instead of what was typed.
  if (search !== shown) {
    setShown(search);
    if (search !== text.trim()) setText(search);
  }
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
      />
      <Select<number>
        label="Статус"
        placeholder="Все статусы"
        options={statusOptions}
        value={statusId ?? null}
        onChange={(value) => onStatusChange(value ?? undefined)}
        isClearable
        isLoading={statusesLoading}
      />
    </Bar>
  );
}
