import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@crm/shared/api-client';
import { Button, Card, useToast } from '@crm/shared/ui';
import { createCalendarFeed, revokeCalendarFeed, useCalendarFeedState } from '../api/calendar-token';

const Url = styled.input`
  width: 100%;
  padding: 0.4375rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  direction: ltr;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.75rem;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The secret iCalendar feed URL of the caller's tasks: created (shown once), copied, replaced or revoked. */
export function CalendarFeedCard() {
  const toast = useToast();
  const state = useCalendarFeedState();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await state.mutate();
    } catch (error) {
      toast.error(`Не удалось изменить ссылку: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const create = () => run(async () => setUrl((await createCalendarFeed()).url));
  const revoke = () =>
    run(async () => {
      await revokeCalendarFeed();
      setUrl(null);
      toast.success('Ссылка на календарь отключена');
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Ссылка скопирована');
    } catch {
      toast.error('Не удалось скопировать: выделите ссылку и скопируйте её');
    }
  };

  const active = state.data?.active ?? false;
  return (
    <Card title="Календарь на телефоне">
      <Hint>
        Подпишитесь на ссылку в календаре телефона, и открытые задачи появятся в нём. Ссылка секретная: её показывают один раз; новая
        ссылка отключает старую.
      </Hint>
      {url ? <Url readOnly value={url} aria-label="Ссылка на календарь" onFocus={(event) => event.currentTarget.select()} /> : null}
      <Row>
        {url ? (
          <Button size="sm" onClick={() => void copy()}>
            Скопировать
          </Button>
        ) : null}
        <Button size="sm" variant={url ? 'secondary' : 'primary'} loading={busy} onClick={() => void create()}>
          {active ? 'Новая ссылка' : 'Создать ссылку'}
        </Button>
        {active ? (
          <Button size="sm" variant="danger" disabled={busy} onClick={() => void revoke()}>
            Отключить
          </Button>
        ) : null}
      </Row>
    </Card>
  );
}
