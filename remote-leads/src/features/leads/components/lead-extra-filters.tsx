import { useId } from 'react';
import styled from 'styled-components';
import { Select, TextField, type SelectOption } from '@crm/shared/ui';
import type { LeadExtraFilterValues } from '../utils/extra-filters';

export interface LeadExtraFiltersProps {
  values: LeadExtraFilterValues;
  onChange: (patch: LeadExtraFilterValues) => void;
}

const INACTIVE_OPTIONS: SelectOption<number>[] = [7, 14, 30, 60, 90, 180].map((days) => ({ value: days, label: `${days} дней` }));

const Range = styled.fieldset`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  & > legend {
    padding: 0;
    margin-bottom: 0.25rem;
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
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

const orUndefined = (value: string) => (value === '' ? undefined : value);

/**
 * Created and updated date ranges (days in the viewer's time zone), "no activity for N days", "without responsible
 * user" and "has overdue tasks".
 */
export function LeadExtraFilters({ values, onChange }: LeadExtraFiltersProps) {
  const noUserId = useId();
  const overdueId = useId();
  return (
    <>
      <Range>
        <legend>Создан</legend>
        <TextField label="с" type="date" value={values.created_from ?? ''} max={values.created_to} onChange={(e) => onChange({ created_from: orUndefined(e.target.value) })} />
        <TextField label="по" type="date" value={values.created_to ?? ''} min={values.created_from} onChange={(e) => onChange({ created_to: orUndefined(e.target.value) })} />
      </Range>
      <Range>
        <legend>Изменён</legend>
        <TextField label="с" type="date" value={values.updated_from ?? ''} max={values.updated_to} onChange={(e) => onChange({ updated_from: orUndefined(e.target.value) })} />
        <TextField label="по" type="date" value={values.updated_to ?? ''} min={values.updated_from} onChange={(e) => onChange({ updated_to: orUndefined(e.target.value) })} />
      </Range>
      <Select<number>
        label="Нет активности"
        placeholder="Не важно"
        options={INACTIVE_OPTIONS}
        value={values.inactive_days ?? null}
        onChange={(value) => onChange({ inactive_days: value ?? undefined })}
        isClearable
      />
      <Check htmlFor={noUserId}>
        <input id={noUserId} type="checkbox" checked={values.no_user === '1'} onChange={(e) => onChange({ no_user: e.target.checked ? '1' : undefined })} />
        Без ответственного
      </Check>
      <Check htmlFor={overdueId}>
        <input id={overdueId} type="checkbox" checked={values.overdue_tasks === '1'} onChange={(e) => onChange({ overdue_tasks: e.target.checked ? '1' : undefined })} />
        Есть просроченные задачи
      </Check>
    </>
  );
}
