import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';
import type { LeadsView } from '../utils/leads-url-schema';

export interface ViewSwitchProps {
  view: LeadsView;
  onChange: (view: LeadsView) => void;
  /** The views offered; all of them unless told (Возможные дубли only for who may merge). */
  views?: readonly LeadsView[];
}

const VIEWS: { value: LeadsView; label: string }[] = [
  { value: 'table', label: 'Таблица' },
  { value: 'kanban', label: 'Канбан' },
  { value: 'duplicates', label: 'Возможные дубли' },
];

const Group = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
`;

const Option = styled.button`
  min-height: 2.375rem;
  padding: 0.5rem 1rem;
  border: 0;
  background: transparent;
  font: inherit;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  & + & { border-inline-start: 1px solid ${({ theme }) => theme.colors.borderStrong}; }
  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.primaryText};
    background: ${({ theme }) => alpha(theme.colors.primary, 0.12)};
  }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;

/** Table, kanban or possible duplicates: toggle buttons, the pressed one is the current view. */
export function ViewSwitch({ view, onChange, views }: ViewSwitchProps) {
  return (
    <Group role="group" aria-label="Вид">
      {VIEWS.filter((option) => !views || views.includes(option.value)).map((option) => (
        <Option key={option.value} type="button" aria-pressed={view === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </Option>
      ))}
    </Group>
  );
}
