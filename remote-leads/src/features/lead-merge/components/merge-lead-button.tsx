import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import type { LeadDetail } from '@crm/shared/schemas';
import { Button, Dialog, Spinner, TextField } from '@crm/shared/ui';
import { formatLeadName } from '../../../utils/format-lead-name';
import { useMergeCandidates } from '../api/get-merge-candidates';
import { useCanMergeLeads } from '../hooks/use-can-merge-leads';

// Opened on a press only: its own chunk, with the classic schemas it parses with, not part of a lead page's first
// screen (docs/decisions/080).
const MergeLeadsDialog = lazy(() => import('./merge-leads-dialog').then((m) => ({ default: m.MergeLeadsDialog })));

export interface MergeLeadButtonProps {
  lead: { id: number };
  /** Text of the button; Объединить unless told. */
  label?: string;
  /** The lead to merge with, when known (the phone warning); otherwise the user searches for it. */
  otherId?: number;
  variant?: 'secondary' | 'text';
  onMerged?: (kept: LeadDetail, removedId: number) => void;
}

const Results = styled.ul`
  list-style: none;
  margin: 0.75rem 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

const Muted = styled.p`
  margin: 0.75rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Объединить: with the other lead known opens the merge dialog, else first a search for it among the caller's leads. */
export function MergeLeadButton({ lead, label = 'Объединить', otherId, variant = 'secondary', onMerged }: MergeLeadButtonProps) {
  const canMerge = useCanMergeLeads();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number | null>(otherId ?? null);
  const [search, setSearch] = useState('');
  const candidates = useMergeCandidates(open && picked === null ? search : '');
  if (!canMerge) return null;

  const close = () => {
    setOpen(false);
    setPicked(otherId ?? null);
    setSearch('');
  };
  const others = (candidates.data ?? []).filter((candidate) => candidate.id !== lead.id);

  return (
    <>
      <Button variant={variant} size={variant === 'text' ? 'sm' : undefined} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && picked !== null ? (
        <Suspense fallback={null}>
          <MergeLeadsDialog firstId={lead.id} secondId={picked} onClose={close} onMerged={onMerged} />
        </Suspense>
      ) : null}
      {open && picked === null ? (
        <Dialog open onOpenChange={(next) => (next ? undefined : close())} title="С каким лидом объединить?" maxWidth={560}>
          <TextField label="Поиск лида" placeholder="Фамилия, имя или телефон" value={search} onChange={(event) => setSearch(event.target.value)} autoFocus />
          {candidates.isLoading ? <Spinner size={20} label="Поиск" /> : null}
          {search.trim().length >= 2 && !candidates.isLoading && others.length === 0 ? <Muted>Ничего не найдено</Muted> : null}
          <Results>
            {others.map((candidate) => (
              <li key={candidate.id}>
                <Button variant="text" onClick={() => setPicked(candidate.id)}>
                  {formatLeadName(candidate) || `#${candidate.id}`} · {candidate.phone || '—'} (#{candidate.id})
                </Button>
              </li>
            ))}
          </Results>
        </Dialog>
      ) : null}
    </>
  );
}
