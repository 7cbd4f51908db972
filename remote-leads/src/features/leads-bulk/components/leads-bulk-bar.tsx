import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@crm/shared/api-client';
import { Can } from '@crm/shared/abilities/react';
import { type LeadBulkInput, type LeadStatusFilter, NO_STATUS, NO_STATUS_LABEL } from '@crm/shared/schemas';
import { alpha, Button, IconTrash, Select, useConfirm, useToast, type SelectOption } from '@crm/shared/ui';
import { runLeadBulk } from '../api/run-lead-bulk';

export interface LeadsBulkBarProps {
  selectedIds: readonly number[];
  statusOptions: readonly SelectOption<number>[];
  /** Users to hand the leads over to; undefined hides hand-over (the caller may not `view users`). */
  userOptions: readonly SelectOption<number>[] | undefined;
  /** Called after the API answered: the caller clears the selection and reloads. */
  onDone: () => void;
  onClear: () => void;
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
  padding: 0.75rem 1.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => alpha(theme.colors.primary, 0.06)};
`;

const Count = styled.strong`
  font-weight: 500;
  color: ${({ theme }) => theme.colors.text};
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  & > :first-child { min-width: 12rem; }
`;

const Spacer = styled.span`
  flex: 1;
`;

/** Status change, hand-over and delete ('Уверены?' first) for the selected leads, each shown only with its ability. */
export function LeadsBulkBar({ selectedIds, statusOptions, userOptions, onDone, onClear }: LeadsBulkBarProps) {
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
          startIcon={<IconTrash size={18} />}
          disabled={busy}
          loading={running === 'delete'}
          onClick={async () => {
            if (await confirm()) await run({ action: 'delete', ids });
          }}
        >
          Удалить
        </Button>
      </Can>
      <Spacer />
      <Button variant="text" onClick={onClear} disabled={busy}>
        Снять выделение
      </Button>
    </Bar>
  );
}
