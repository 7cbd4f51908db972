import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import { LEAD_MERGE_FIELDS, type LeadDetail, type LeadMergeField } from '@crm/shared/schemas';
import { alpha, Button, Dialog, Spinner, useConfirm, useToast, userDisplayName } from '@crm/shared/ui';
import { useRevalidateLeads } from '../../../hooks/use-revalidate-leads';
import { formatLeadName } from '../../../utils/format-lead-name';
import { mergeLeads } from '../api/merge-leads';
import { useMergeLead } from '../api/get-merge-lead';
import { defaultMergeChoices, MERGE_CONFIRMATION, MERGE_FIELD_LABELS, mergedResponsible, mergeRequest, type MergeSide } from '../utils/merge-choices';

export interface MergeLeadsDialogProps {
  /** The two leads, as the user picked them; the first is kept unless the user chooses otherwise. */
  firstId: number;
  secondId: number;
  onClose: () => void;
  /** After the merge: the lead that stays, and the id of the one deleted. */
  onMerged?: (kept: LeadDetail, removedId: number) => void;
}

const PREVIEW_LENGTH = 160;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  color: ${({ theme }) => theme.colors.text};
  p { margin: 0; }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    padding: 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  thead th { font-size: ${({ theme }) => theme.font.sizeSm}; font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
  tbody th { font-weight: 500; white-space: nowrap; }
`;

const Option = styled.label<{ $chosen: boolean }>`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  padding: 0.25rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  outline: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : 'transparent')};
  overflow-wrap: anywhere;
  input { margin-top: 0.2rem; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const Result = styled.td`
  background: ${({ theme }) => alpha(theme.colors.primary, 0.06)};
  overflow-wrap: anywhere;
`;

const Warning = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Busy = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
`;

function plainText(html: string): string {
  if (!html) return '';
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

/** A field's value as the user reads it: the status by name, the notes as text, an empty value as a dash. */
function shown(lead: LeadDetail, field: LeadMergeField): string {
  if (field === 'status_id') return lead.status?.name ?? '—';
  if (field === 'additional_info') return plainText(lead.additional_info) || '—';
  return lead[field] || '—';
}

const title = (lead: LeadDetail) => `${formatLeadName(lead) || 'Без имени'} (#${lead.id})`;

/**
 * Two leads side by side: which one stays, a choice per field, and the result; Объединить asks once more (the merge
 * cannot be undone) and sends the versions shown, so a lead changed meanwhile answers 409 and the dialog reloads both.
 */
export function MergeLeadsDialog({ firstId, secondId, onClose, onMerged }: MergeLeadsDialogProps) {
  const first = useMergeLead(firstId);
  const second = useMergeLead(secondId);
  const confirm = useConfirm();
  const toast = useToast();
  const revalidate = useRevalidateLeads();
  const [keep, setKeep] = useState<MergeSide>('a');
  const [choices, setChoices] = useState<Record<LeadMergeField, MergeSide> | null>(null);
  const [sending, setSending] = useState(false);

  const a = first.data;
  const b = second.data;
  useEffect(() => {
    if (a && b && choices === null) setChoices(defaultMergeChoices(a, b, keep));
  }, [a, b, choices, keep]);

  const chooseKeep = (side: MergeSide) => {
    setKeep(side);
    if (a && b) setChoices(defaultMergeChoices(a, b, side));
  };

  const submit = async () => {
    if (!a || !b || !choices) return;
    const removed = keep === 'a' ? b : a;
    const ok = await confirm(`Объединить лиды? Лид «${formatLeadName(removed) || `#${removed.id}`}» будет удалён. ${MERGE_CONFIRMATION}`, {
      confirmLabel: 'Объединить',
      cancelLabel: 'Отмена',
    });
    if (!ok) return;
    setSending(true);
    try {
      const kept = await mergeLeads(mergeRequest(a, b, keep, choices));
      toast.success('Лиды объединены');
      revalidate();
      onMerged?.(kept, removed.id);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        toast.error('Пока вы выбирали, один из лидов изменили. Данные обновлены — проверьте выбор ещё раз.');
        setChoices(null);
        await Promise.all([first.mutate(), second.mutate()]);
      } else {
        toast.error(errorMessage(failure));
      }
    } finally {
      setSending(false);
    }
  };

  const failed = first.error ?? second.error;
  let content;
  if (failed) {
    content = <p role="alert">{failed.status === 404 ? 'Лид не найден: возможно, он удалён или недоступен вам.' : errorMessage(failed)}</p>;
  } else if (!a || !b || !choices) {
    content = (
      <Busy>
        <Spinner size={20} label="" />
        <span>Загружаем лидов…</span>
      </Busy>
    );
  } else {
    const leads = { a, b };
    const radio = (field: LeadMergeField, side: MergeSide) => (
      <td>
        <Option $chosen={choices[field] === side}>
          <input
            type="radio"
            name={`merge-${field}`}
            aria-label={`${MERGE_FIELD_LABELS[field]}: ${title(leads[side])}`}
            checked={choices[field] === side}
            onChange={() => setChoices({ ...choices, [field]: side })}
          />
          <span>{shown(leads[side], field)}</span>
        </Option>
      </td>
    );
    const people = (users: LeadDetail['responsible']) => (users.length ? users.map(userDisplayName).join(', ') : '—');
    content = (
      <Body>
        <Scroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">Поле</th>
                {(['a', 'b'] as const).map((side) => (
                  <th key={side} scope="col">
                    <Option $chosen={keep === side}>
                      <input type="radio" name="merge-keep" checked={keep === side} onChange={() => chooseKeep(side)} aria-label={`Оставить ${title(leads[side])}`} />
                      <span>
                        {title(leads[side])}
                        <br />
                        {keep === side ? 'останется' : 'будет удалён'}
                      </span>
                    </Option>
                  </th>
                ))}
                <th scope="col">Результат</th>
              </tr>
            </thead>
            <tbody>
              {LEAD_MERGE_FIELDS.map((field) => (
                <tr key={field}>
                  <th scope="row">{MERGE_FIELD_LABELS[field]}</th>
                  {radio(field, 'a')}
                  {radio(field, 'b')}
                  <Result data-testid={`merge-result-${field}`}>{shown(leads[choices[field]], field)}</Result>
                </tr>
              ))}
              <tr>
                <th scope="row">Ответственные</th>
                <td>{people(a.responsible)}</td>
                <td>{people(b.responsible)}</td>
                <Result data-testid="merge-result-users">{people(mergedResponsible(a, b))}</Result>
              </tr>
            </tbody>
          </Table>
        </Scroll>
        <Warning>{MERGE_CONFIRMATION}</Warning>
      </Body>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Объединение лидов"
      maxWidth={960}
      footer={
        <>
          <Button variant="text" onClick={onClose} disabled={sending}>
            Отмена
          </Button>
          <Button variant="danger" onClick={() => void submit()} loading={sending} disabled={!a || !b || !choices || sending}>
            Объединить
          </Button>
        </>
      }
    >
      {content}
    </Dialog>
  );
}
