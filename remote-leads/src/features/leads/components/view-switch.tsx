import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';
import type { LeadsView } from '../utils/leads-url-schema';

export interface ViewSwitchProps {
  view: LeadsView;
  onChange: (view: LeadsView) => void;
}

const VIEWS: { value: LeadsView; label: string }[] = [
  { value: 'table', label: 'Таблица' },
  { value: 'kanban', label: 'Канбан' },
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

/** Table or kanban: two toggle buttons, the pressed one is the current view. */
export function ViewSwitch({ view, onChange }: ViewSwitchProps) {
  return (
    <Group role="group" aria-label="Вид">
      {VIEWS.map((option) => (
        <Option key={option.value} type="button" aria-pressed={view === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </Option>
      ))}
    </Group>
  );
}
