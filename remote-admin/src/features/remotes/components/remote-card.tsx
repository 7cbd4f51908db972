import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { Remote } from '@crm/shared/schemas';
import { Button, Card, Chip, formatDateTime, TextField, useConfirm } from '@crm/shared/ui';
import { useRemoteActions } from '../api/switch-remote';
import { errorCountText, remoteLabel, remoteOrigin, shortCommit, switchedByText } from '../utils/describe-remote';


const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(9rem, max-content) 1fr;
  gap: 0.5rem 1.25rem;
  margin: 0 0 1.5rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Code = styled.code`
  font-size: 0.875em;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.75rem 1rem;
  > :first-child { flex: 1 1 24rem; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  /* Level with the input under its label. */
  padding-top: 1.5rem;
`;

const Message = styled.p<{ $tone: 'success' | 'error' | 'warning' }>`
  margin: 0.75rem 0 0;
  color: ${({ theme, $tone }) => theme.colors[`${$tone}Text`]};
`;

/** The last load errors browsers reported for this remote. */
function LoadStatus({ remote }: { remote: Remote }) {
  const { count_24h: count, latest } = remote.last_errors;
  if (!latest) return <Chip color="success">Ошибок загрузки нет</Chip>;
  return (
    <>
      <Chip color={count > 0 ? 'error' : 'secondary'}>{count > 0 ? errorCountText(count) : 'За сутки ошибок загрузки нет'}</Chip>{' '}
      <Muted>
        Последняя: {formatDateTime(latest.reported_at, 'ru')}
        {latest.version ? ` (версия ${latest.version})` : ''} — {latest.message}
      </Muted>
    </>
  );
}

type Outcome = { tone: 'success' | 'error' | 'warning'; text: string };

/**
 * One remote on the Модули page: its build, where it loads from, the @crm/shared it needs against the host's, who
 * switched it, what browsers reported; the switch form (the API checks the manifest, a refusal shows under the field)
 * and rollback, asked again first.
 */
export function RemoteCard({ remote, hostShared }: { remote: Remote; hostShared: string | null }) {
  const { switchRemote, rollbackRemote } = useRemoteActions();
  const confirm = useConfirm();
  const label = remoteLabel(remote.name);
  const [entry, setEntry] = useState('');
  const [entryErrors, setEntryErrors] = useState<readonly string[] | undefined>();
  const [outcome, setOutcome] = useState<Outcome[]>([]);
  const [busy, setBusy] = useState<'switch' | 'rollback' | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy('switch');
    setEntryErrors(undefined);
    setOutcome([]);
    try {
      const { data, meta } = await switchRemote(remote.name, entry.trim());
      setEntry('');
      setOutcome([
        { tone: 'success', text: `${label}: переключено на версию ${data.version ?? '(версия не указана в манифесте)'}. Страницы получат её при следующей загрузке.` },
        ...meta.warnings.map((warning): Outcome => ({ tone: 'warning', text: `Предупреждение: ${warning}` })),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors.entry?.length) setEntryErrors(error.errors.entry);
      else setOutcome([{ tone: 'error', text: `Не переключено: ${errorMessage(error)}` }]);
    } finally {
      setBusy(null);
    }
  };

  const rollback = async () => {
    if (busy || !remote.previous_entry) return;
    const question = `Вернуть «${label}» к предыдущей сборке? Страницы будут загружать ${remote.previous_entry}.`;
    if (!(await confirm(question, { confirmLabel: 'Откатить', cancelLabel: 'Отмена' }))) return;
    setBusy('rollback');
    setEntryErrors(undefined);
    setOutcome([]);
    try {
      const back = await rollbackRemote(remote.name);
      setOutcome([{ tone: 'success', text: `${label}: откачено на версию ${back.version ?? '(версия неизвестна)'}.` }]);
    } catch (error) {
      const text =
        error instanceof ApiError && error.status === 409
          ? 'Откатывать некуда: у этого модуля нет предыдущей сборки.'
          : `Не откачено: ${errorMessage(error)}`;
      setOutcome([{ tone: 'error', text }]);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={label} subtitle={remote.scope} aria-label={label} actions={<LoadStatus remote={remote} />}>
      <Details>
        <dt>Версия</dt>
        <dd>{remote.version ?? <Muted>не указана</Muted>}</dd>
        <dt>Коммит</dt>
        <dd>{remote.commit ? <Code title={remote.commit}>{shortCommit(remote.commit)}</Code> : <Muted>неизвестен</Muted>}</dd>
        <dt>Источник</dt>
        <dd>
          <span>{remoteOrigin(remote.entry)}</span> <Muted>·</Muted> <Code>{remote.entry}</Code>
        </dd>
        <dt>@crm/shared</dt>
        <dd>
          нужен {remote.shared_range ? <Code>{remote.shared_range}</Code> : <Muted>не указан</Muted>}, у приложения{' '}
          {hostShared ? <Code>{hostShared}</Code> : <Muted>неизвестно</Muted>}
        </dd>
        <dt>Переключён</dt>
        <dd>
          {formatDateTime(remote.switched_at, 'ru')}, {switchedByText(remote)}
        </dd>
      </Details>
      <Form onSubmit={(event) => void submit(event)} aria-label={`Переключить «${label}»`}>
        <TextField
          label="Адрес манифеста (mf-manifest.json)"
          name="entry"
          type="text"
          inputMode="url"
          value={entry}
          onChange={(event) => setEntry(event.target.value)}
          error={entryErrors}
          hint={`Например, https://cdn.example.com/${remote.name}/1.4.0/mf-manifest.json. Сборку проверят до переключения.`}
          required
        />
        <Buttons>
          <Button type="submit" loading={busy === 'switch'} disabled={busy !== null || entry.trim() === ''}>
            Проверить и переключить
          </Button>
          <Button
            type="button"
            variant="secondary"
            loading={busy === 'rollback'}
            disabled={busy !== null || !remote.previous_entry}
            title={remote.previous_entry ? `Вернуться к ${remote.previous_entry}` : 'Откатывать некуда: это первая сборка'}
            onClick={() => void rollback()}
          >
            Откатить
          </Button>
        </Buttons>
      </Form>
      <div role="status">
        {outcome.map((line) => (
          <Message key={line.text} $tone={line.tone}>
            {line.text}
          </Message>
        ))}
      </div>
    </Card>
  );
}
