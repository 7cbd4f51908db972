import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { LeadDetail } from '@crm/shared/schemas';
import { Button, Dialog, Spinner, type SelectOption, userDisplayName } from '@crm/shared/ui';
import { defaultChoices, diffLeadValues, mergeLeadValues, type DiffChoice } from '../utils/diff-lead-values';
import { formatDateTime } from '../../../utils/format-date-time';
import { htmlToText } from '../utils/html-to-text';
import { toLeadFormValues, type LeadFormField, type LeadFormValues } from '../utils/lead-form-values';
import { LeadConflictCompare } from './lead-conflict-compare';

export interface LeadConflictDialogProps {
  /** The lead as the server holds it now; null while it loads (`loading`) or when it could not be read. */
  current: LeadDetail | null;
  loading: boolean;
  /** The form as the user left it, and as it was loaded. */
  mine: LeadFormValues;
  base: LeadFormValues;
  statusOptions: readonly SelectOption<number>[];
  userOptions: readonly SelectOption<number>[];
  /** Users who may not view users cannot judge the responsible users: the server's stay. */
  showUsers: boolean;
  onReload: () => void;
  onSaveMerged: (merged: LeadFormValues, current: LeadDetail) => void;
  onClose: () => void;
}

const PREVIEW_LENGTH = 200;

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  color: ${({ theme }) => theme.colors.text};
  p { margin: 0; }
`;

const Busy = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
`;

/**
 * Shown when saving answered 409 LEAD_VERSION_CONFLICT: says who changed the lead and when, and offers to load
 * the current version (dropping local edits) or to compare and save a merge at the current version.
 */
export function LeadConflictDialog({
  current,
  loading,
  mine,
  base,
  statusOptions,
  userOptions,
  showUsers,
  onReload,
  onSaveMerged,
  onClose,
}: LeadConflictDialogProps) {
  const [comparing, setComparing] = useState(false);
  const theirs = useMemo(() => (current ? toLeadFormValues(current) : null), [current]);
  const allDiffs = useMemo(() => (theirs ? diffLeadValues(base, mine, theirs) : []), [base, mine, theirs]);
  const diffs = showUsers ? allDiffs : allDiffs.filter((diff) => diff.field !== 'users');
  const [overrides, setOverrides] = useState<Partial<Record<LeadFormField, DiffChoice>>>({});
  const choices = { ...defaultChoices(allDiffs), ...(showUsers ? {} : { users: 'theirs' as const }), ...overrides };

  const formatValue = <F extends LeadFormField>(field: F, value: LeadFormValues[F]): string => {
    if (field === 'status_id') {
      return value === null ? '—' : (statusOptions.find((o) => o.value === value)?.label ?? `#${String(value)}`);
    }
    if (field === 'users') {
      const ids = value as number[];
      return ids.length ? ids.map((id) => userOptions.find((o) => o.value === id)?.label ?? `#${id}`).join(', ') : '—';
    }
    if (field === 'additional_info') {
      const text = htmlToText(value as string);
      if (!text) return '—';
      return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
    }
    return (value as string) || '—';
  };

  const who = current?.updated_by ? userDisplayName(current.updated_by) : 'Другой пользователь';
  const reload = <Button variant={comparing ? 'secondary' : 'primary'} onClick={onReload}>Загрузить актуальную версию</Button>;
  const footer = comparing ? (
    <>
      <Button variant="text" onClick={() => setComparing(false)}>
        Назад
      </Button>
      {reload}
      <Button
        onClick={() => current && theirs && onSaveMerged(mergeLeadValues(mine, theirs, choices), current)}
        disabled={!current}
      >
        Сохранить выбранное
      </Button>
    </>
  ) : (
    <>
      <Button variant="text" onClick={onClose}>
        Отмена
      </Button>
      <Button variant="secondary" onClick={() => setComparing(true)} disabled={!current}>
        Сравнить изменения
      </Button>
      {reload}
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={comparing ? 'Сравнение изменений' : 'Лид изменён другим пользователем'}
      maxWidth={comparing ? 900 : 560}
      footer={footer}
    >
      {comparing ? (
        <LeadConflictCompare
          diffs={diffs}
          choices={choices}
          onChoose={(field, choice) => setOverrides((prev) => ({ ...prev, [field]: choice }))}
          formatValue={formatValue}
        />
      ) : (
        <Lines>
          {loading ? (
            <Busy>
              <Spinner size={20} label="" />
              <span>Загружаем актуальную версию…</span>
            </Busy>
          ) : current ? (
            <p>
              Пока вы редактировали, лид изменил(а) <strong>{who}</strong> — {formatDateTime(current.updated_at)}.
            </p>
          ) : (
            <p>Пока вы редактировали, лид изменил другой пользователь.</p>
          )}
          <p>Ваши изменения не сохранены. Загрузите актуальную версию или сравните изменения и выберите, что оставить.</p>
        </Lines>
      )}
    </Dialog>
  );
}
