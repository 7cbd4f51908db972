import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';

export const IMPORT_STEPS = ['Файл', 'Сопоставление', 'Импорт', 'Итог'] as const;

export interface ImportStepperProps {
  /** Index into IMPORT_STEPS. */
  current: number;
}

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  margin: 0 0 1.25rem;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Item = styled.li<{ $state: 'done' | 'current' | 'next' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  color: ${({ theme, $state }) => ($state === 'next' ? theme.colors.textMuted : theme.colors.text)};
  font-weight: ${({ $state }) => ($state === 'current' ? 500 : 400)};
`;

const Badge = styled.span<{ $state: 'done' | 'current' | 'next' }>`
  display: inline-grid;
  place-items: center;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  font-size: 0.75rem;
  color: ${({ theme, $state }) => ($state === 'current' ? theme.colors.onPrimary : theme.colors.primaryText)};
  background: ${({ theme, $state }) =>
    $state === 'current' ? theme.colors.primary : alpha(theme.colors.primary, $state === 'done' ? 0.16 : 0.08)};
`;

/** Where the user is in the import wizard. */
export function ImportStepper({ current }: ImportStepperProps) {
  return (
    <List aria-label="Шаги импорта">
      {IMPORT_STEPS.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <Item key={label} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <Badge $state={state} aria-hidden>
              {index + 1}
            </Badge>
            {label}
          </Item>
        );
      })}
    </List>
  );
}
