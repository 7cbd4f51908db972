import { lazy, Suspense, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, IconChevronDown } from '@crm/shared/ui';
import type { ShownLeadColumns } from '../utils/lead-columns';

// Fetched on first open, with the panel's keyboard and dismiss handling: the list's first load has a budget (e2e
// first-load-budget).
const LeadColumnsPanel = lazy(() => import('./lead-columns-panel').then((module) => ({ default: module.LeadColumnsPanel })));

export interface LeadColumnsButtonProps {
  shown: ShownLeadColumns;
  /** The URL's new `columns`; undefined when every column shows. */
  onChange: (columns: string | undefined) => void;
}

const Root = styled.div`
  position: relative;
`;

/** "Столбцы": a button opening a panel of checkboxes, one per column of the leads table. */
export function LeadColumnsButton({ shown, onChange }: LeadColumnsButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  return (
    <Root ref={root}>
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
          <LeadColumnsPanel id={panelId} root={root} trigger={trigger} shown={shown} onChange={onChange} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Root>
  );
}
