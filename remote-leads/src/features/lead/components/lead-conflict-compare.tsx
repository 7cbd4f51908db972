import styled from 'styled-components';
import { LEAD_FIELD_LABELS, type LeadFormField, type LeadFormValues } from '../utils/lead-form-values';
import type { DiffChoice, LeadValueDiff } from '../utils/diff-lead-values';

export interface LeadConflictCompareProps {
  diffs: readonly LeadValueDiff[];
  choices: Partial<Record<LeadFormField, DiffChoice>>;
  onChoose: (field: LeadFormField, choice: DiffChoice) => void;
  /** A field's value as the user reads it (status and user names, the notes' text). */
  formatValue: <F extends LeadFormField>(field: F, value: LeadFormValues[F]) => string;
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  color: ${({ theme }) => theme.colors.text};
  th, td {
    padding: 0.625rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  thead th {
    font-size: ${({ theme }) => theme.font.sizeSm};
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
  }
  tbody th { font-weight: 500; white-space: nowrap; }
`;

const Note = styled.div`
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Option = styled.label<{ $chosen: boolean }>`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  padding: 0.375rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  outline: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : 'transparent')};
  overflow-wrap: anywhere;
  input { margin-top: 0.2rem; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

/**
 * The user's unsaved values next to the server's current ones, one row per field that differs, each row letting
 * the user keep theirs or take the server's.
 */
export function LeadConflictCompare({ diffs, choices, onChoose, formatValue }: LeadConflictCompareProps) {
  if (diffs.length === 0) {
    return <p>Отличий нет: ваши значения совпадают с текущей версией.</p>;
  }
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Поле</th>
          <th scope="col">Ваша версия</th>
          <th scope="col">Текущая версия</th>
        </tr>
      </thead>
      <tbody>
        {diffs.map((diff) => {
          const label = LEAD_FIELD_LABELS[diff.field];
          const side = (choice: DiffChoice, value: LeadValueDiff['mine'], name: string) => (
            <td>
              <Option $chosen={choices[diff.field] === choice}>
                <input
                  type="radio"
                  name={`conflict-${diff.field}`}
                  aria-label={`${label}: ${name}`}
                  checked={choices[diff.field] === choice}
                  onChange={() => onChoose(diff.field, choice)}
                />
                <span>{formatValue(diff.field, value)}</span>
              </Option>
            </td>
          );
          return (
            <tr key={diff.field}>
              <th scope="row">
                {label}
                <Note>{diff.changedByMe ? 'изменено вами' : 'изменено другим пользователем'}</Note>
              </th>
              {side('mine', diff.mine, 'ваша версия')}
              {side('theirs', diff.theirs, 'текущая версия')}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
