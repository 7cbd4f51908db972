import { useEffect, useRef, type RefObject } from 'react';
import styled from 'styled-components';
import { Button, useDismiss } from '@crm/shared/ui';
import { LEAD_COLUMN_LABELS, LEAD_LIST_COLUMNS, LEAD_LIST_FIXED_COLUMN, type ShownLeadColumns } from '../utils/lead-columns';
import { leadColumnsParam } from '../utils/lead-columns-param';

export interface LeadColumnsPanelProps {
  id: string;
  /** The element holding the button and the panel: a click outside it or the focus leaving it closes the panel. */
  root: RefObject<HTMLElement | null>;
  /** Where Escape puts the focus back. */
  trigger: RefObject<HTMLElement | null>;
  shown: ShownLeadColumns;
  /** The URL's new `columns`; undefined when every column shows. */
  onChange: (columns: string | undefined) => void;
  onClose: () => void;
}

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

/**
 * The "Столбцы" panel, a non-modal dialog: a checkbox per column in the table's (fixed) order, the name column always
 * shown. The focus starts on the first choice; Escape closes it and gives the focus back to the button; a click
 * outside or tabbing out closes it.
 */
export function LeadColumnsPanel({ id, root, trigger, shown, onChange, onClose }: LeadColumnsPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }, []);
  useDismiss(root, true, () => {
    // Escape from within the panel (or the button): the focus goes back to the button rather than to the page.
    if (root.current?.contains(document.activeElement)) trigger.current?.focus();
    onClose();
  });

  return (
    <Panel
      ref={panel}
      id={id}
      role="dialog"
      aria-label="Столбцы"
      onBlur={(event) => {
        if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) onClose();
      }}
    >
      <Fieldset>
        <Legend>Показывать столбцы</Legend>
        {LEAD_LIST_COLUMNS.map((column) => (
          <Check key={column}>
            <input
              type="checkbox"
              checked={column === LEAD_LIST_FIXED_COLUMN || shown.has(column)}
              disabled={column === LEAD_LIST_FIXED_COLUMN}
              onChange={(event) => onChange(leadColumnsParam(shown, column, event.target.checked))}
            />
            {LEAD_COLUMN_LABELS[column]}
          </Check>
        ))}
      </Fieldset>
      <Button variant="text" size="sm" onClick={() => onChange(undefined)}>
        Показать все
      </Button>
    </Panel>
  );
}
