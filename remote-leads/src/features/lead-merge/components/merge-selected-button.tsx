import { useState } from 'react';
import { Button } from '@crm/shared/ui';
import { useCanMergeLeads } from '../hooks/use-can-merge-leads';
import { MergeLeadsDialog } from './merge-leads-dialog';

export interface MergeSelectedButtonProps {
  selectedIds: readonly number[];
  onMerged: () => void;
}

/** The bulk bar's Объединить: shown while exactly two rows are selected, to whoever may merge. */
export function MergeSelectedButton({ selectedIds, onMerged }: MergeSelectedButtonProps) {
  const canMerge = useCanMergeLeads();
  const [open, setOpen] = useState(false);
  if (!canMerge || selectedIds.length !== 2) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Объединить
      </Button>
      {open ? <MergeLeadsDialog firstId={selectedIds[0]} secondId={selectedIds[1]} onClose={() => setOpen(false)} onMerged={onMerged} /> : null}
    </>
  );
}
