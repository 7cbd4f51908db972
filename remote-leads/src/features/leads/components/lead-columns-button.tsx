import { lazy, Suspense, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button, IconChevronDown, useDismiss } from '@crm/shared/ui';
import type { LeadListColumn, ShownLeadColumns } from '../utils/lead-columns';

// Fetched on first open: the list's first load has a budget (e2e first-load-budget).
const LeadColumnsPanel = lazy(() => import('./lead-columns-panel').then((module) => ({ default: module.LeadColumnsPanel })));

export interface LeadColumnsButtonProps {
  shown: ShownLeadColumns;
  onChange: (column: LeadListColumn, visible: boolean) => void;
  /** Every column back. */
  onReset: () => void;
}

const Root = styled.div`
  position: relative;
`;

/**
 * "Столбцы": a button opening a panel of checkboxes, one per column of the leads table. Escape, an outside click or
 * tabbing out closes it; Escape gives the focus back to the button.
 */
export function LeadColumnsButton({ shown, onChange, onReset }: LeadColumnsButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(root, open, () => setOpen(false));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    trigger.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <Root ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        ref={trigger}
        variant="secondary"
        endIcon={<IconChevronDown size={16} />}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        Столбцы
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <LeadColumnsPanel id={panelId} shown={shown} onChange={onChange} onReset={onReset} />
        </Suspense>
      ) : null}
    </Root>
  );
}
