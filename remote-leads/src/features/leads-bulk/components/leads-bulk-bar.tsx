import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@crm/shared/api-client';
import { Can } from '@crm/shared/abilities/react';
import type { LeadBulkInput } from '@crm/shared/schemas';
import { type LeadStatusFilter, NO_STATUS, NO_STATUS_LABEL } from '@crm/shared/schemas/mini';
import { alpha, Button, IconTrash, media, Select, useConfirm, useToast, type SelectOption } from '@crm/shared/ui';
import { runLeadBulk } from '../api/run-lead-bulk';

export interface LeadsBulkBarProps {
  selectedIds: readonly number[];
  statusOptions: readonly SelectOption<number>[];
  /** Users to hand the leads over to; undefined hides hand-over (the caller may not `view users`). */
  userOptions: readonly SelectOption<number>[] | undefined;
  /** Called after the API answered: the caller clears the selection and reloads. */
  onDone: () => void;
  onClear: () => void;
  /** More actions for the selection, composed in by the app (Объединить for two rows). */
  extraActions?: ReactNode;
}

// One compact row from about 1200 px up (at 1440 px with room to spare); on narrower screens whole groups wrap, never
// a label. Below lg (1264 px) Удалить keeps only its icon and its accessible name.
const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 1.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => alpha(theme.colors.primary, 0.06)};
  & > * { flex: none; }
`;

const Count = styled.strong`
  font-weight: 500;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  & > :first-child { width: 8.75rem; }
`;

const Spacer = styled.span`
  && { flex: 1 1 0; }
`;

const DeleteLabel = styled.span`
  ${media.down('lg')} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** Status change, hand-over and delete ('Уверены?' first) for the selected leads, each shown only with its ability. */
export function LeadsBulkBar({ selectedIds, statusOptions, userOptions, onDone, onClear, extraActions }: LeadsBulkBarProps) {
  const confirm = useConfirm();
  const toast = useToast();
  const [statusId, setStatusId] = useState<LeadStatusFilter | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [running, setRunning] = useState<LeadBulkInput['action'] | null>(null);

  const run = async (input: LeadBulkInput) => {
    setRunning(input.action);
    try {
      const { data } = await runLeadBulk(input);
      const done = input.action === 'delete' ? 'Удалено' : 'Обновлено';
      const message = `${done} ${data.affected}, пропущено ${data.skipped.length}`;
      if (data.skipped.length > 0) toast.warning(message);
      else toast.success(message);
      setStatusId(null);
      setUserId(null);
      onDone();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setRunning(null);
    }
  };

  const ids = [...selectedIds];
  const busy = running !== null;

  return (
    <Bar role="region" aria-label="Действия с выбранными лидами">
      <Count aria-live="polite">Выбрано: {selectedIds.length}</Count>
      <Can I="edit" a="lead">
        <Group>
          <Select<LeadStatusFilter>
            aria-label="Новый статус"
            placeholder="Статус"
            options={[{ value: NO_STATUS, label: NO_STATUS_LABEL }, ...statusOptions]}
            value={statusId}
            onChange={setStatusId}
            isDisabled={busy}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={statusId === null || busy}
            loading={running === 'status'}
            onClick={() => statusId !== null && void run({ action: 'status', ids, status_id: statusId === NO_STATUS ? null : statusId })}
          >
            Сменить статус
          </Button>
        </Group>
      </Can>
      {/* Hand-over has its own ability (decision 014). */}
      <Can I="assign" a="lead">
        {userOptions ? (
          <Group>
            <Select<number>
              aria-label="Кому передать"
              placeholder="Пользователь"
              options={userOptions}
              value={userId}
              onChange={setUserId}
              isDisabled={busy}
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={userId === null || busy}
              loading={running === 'assign'}
              onClick={() => userId !== null && void run({ action: 'assign', ids, user_id: userId })}
            >
              Передать
            </Button>
          </Group>
        ) : null}
      </Can>
      <Can I="delete" a="lead">
        <Button
          variant="danger"
          size="sm"
          aria-label="Удалить"
          title="Удалить"
          startIcon={<IconTrash size={16} />}
          disabled={busy}
          loading={running === 'delete'}
          onClick={async () => {
            // Names how many, as the bar does ('Выбрано: N'); a bulk delete is sent at once, without an undo window.
            if (await confirm(`Удалить выбранных лидов (${ids.length})?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' })) {
              await run({ action: 'delete', ids });
            }
          }}
        >
          <DeleteLabel>Удалить</DeleteLabel>
        </Button>
      </Can>
      {extraActions}
      <Spacer />
      <Button variant="text" size="sm" onClick={onClear} disabled={busy}>
        Снять выделение
      </Button>
    </Bar>
  );
}
