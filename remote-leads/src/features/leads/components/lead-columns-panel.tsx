import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@crm/shared/ui';
import { LEAD_LIST_COLUMNS, LEAD_LIST_FIXED_COLUMN, type LeadListColumn, type ShownLeadColumns } from '../utils/lead-columns';

export interface LeadColumnsPanelProps {
  id: string;
  shown: ShownLeadColumns;
  onChange: (column: LeadListColumn, visible: boolean) => void;
  onReset: () => void;
}

/** As the table's headers say them (the star column's header is an icon titled "Избранное"). */
const LABELS: Record<LeadListColumn, string> = {
  name: 'ФИО',
  phone: 'Телефон',
  status: 'Статус',
  responsible: 'Ответственные',
  is_favorite: 'Избранное',
  created_at: 'Создан',
  actions: 'Действия',
};

const Panel = styled.div`
  position: absolute;
  inset-inline-end: 0;
  top: calc(100% + 0.5rem);
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  flex-direction: column;
  min-width: 14rem;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0.25rem 0.75rem 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  min-height: 2.375rem;
  padding: 0 0.75rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  &:has(input:disabled) { color: ${({ theme }) => theme.colors.textMuted}; cursor: default; }
  & input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The "Столбцы" panel: a checkbox per column in the table's (fixed) order; the name column is always shown. */
export function LeadColumnsPanel({ id, shown, onChange, onReset }: LeadColumnsPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  // Opened from the keyboard or the mouse, the focus lands on the first choice, so Space and Tab work at once.
  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }, []);

  return (
    <Panel ref={panel} id={id} role="dialog" aria-label="Столбцы">
      <Fieldset>
        <Legend>Показывать столбцы</Legend>
        {LEAD_LIST_COLUMNS.map((column) => (
          <Check key={column}>
            <input
              type="checkbox"
              checked={column === LEAD_LIST_FIXED_COLUMN || shown.has(column)}
              disabled={column === LEAD_LIST_FIXED_COLUMN}
              onChange={(event) => onChange(column, event.target.checked)}
            />
            {LABELS[column]}
          </Check>
        ))}
      </Fieldset>
      <Button variant="text" size="sm" onClick={onReset}>
        Показать все
      </Button>
    </Panel>
  );
}
