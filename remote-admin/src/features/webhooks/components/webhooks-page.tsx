import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@crm/shared/api-client';
import type { Webhook } from '@crm/shared/schemas';
import { Button, Card, Chip, ErrorState, PageHeader, Spinner, useConfirm, useToast } from '@crm/shared/ui';
import { useWebhookActions, useWebhooks } from '../api/webhooks';
import { eventLabel } from '../utils/event-labels';
import { DeliveryLog } from './delivery-log';
import { WebhookDrawer } from './webhook-drawer';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  min-width: 0;
`;

const Url = styled.span`
  overflow-wrap: anywhere;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin-bottom: 1rem;
`;

const Muted = styled.p`
  margin: 0 0 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Outcome = styled.p<{ $ok: boolean }>`
  margin: 0 0 1rem;
  overflow-wrap: anywhere;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.successText : theme.colors.errorText)};
`;

type Editing = { webhook?: Webhook } | null;

function WebhookCard({ webhook, onEdit }: { webhook: Webhook; onEdit: () => void }) {
  const { remove, sendTest } = useWebhookActions();
  const confirm = useConfirm();
  const toast = useToast();
  const [showLog, setShowLog] = useState(false);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const test = async () => {
    setTesting(true);
    try {
      const delivery = await sendTest(webhook.id);
      setOutcome(
        delivery.ok
          ? { ok: true, text: `Тест доставлен: ответ ${delivery.status_code} за ${delivery.duration_ms} мс` }
          : { ok: false, text: `Тест не доставлен: ${delivery.error ?? `ответ ${delivery.status_code}`}` },
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setTesting(false);
    }
  };

  const del = async () => {
    if (!(await confirm(`Удалить вебхук ${webhook.url} и его журнал доставок?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return;
    try {
      await remove(webhook.id);
      toast.success('Вебхук удалён');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card title={<Url>{webhook.url}</Url>} aria-label={webhook.url}>
      <Row>
        {webhook.active ? <Chip color="success">Включён</Chip> : <Chip color="warning">Отключён</Chip>}
        {webhook.events.map((event) => (
          <Chip key={event} size="sm" color="secondary">
            {eventLabel(event)}
          </Chip>
        ))}
      </Row>
      {!webhook.active && webhook.disabled_reason ? <Muted>Отключён автоматически: {webhook.disabled_reason}</Muted> : null}
      <Muted>
        Владелец: {webhook.owner.name || webhook.owner.email}. Данные приходят такими, какими их видит владелец.
        {webhook.failure_count > 0 ? ` Неудачных попыток подряд: ${webhook.failure_count}.` : ''}
      </Muted>
      {outcome ? (
        <Outcome role="status" $ok={outcome.ok}>
          {outcome.text}
        </Outcome>
      ) : null}
      <Row>
        <Button size="sm" onClick={() => void test()} disabled={testing}>
          Отправить тест
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          Журнал доставок
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Изменить
        </Button>
        <Button size="sm" variant="danger" onClick={() => void del()}>
          Удалить
        </Button>
      </Row>
      {showLog ? <DeliveryLog webhookId={webhook.id} /> : null}
    </Card>
  );
}

/**
 * /admin/webhooks (manage webhooks): the endpoints that receive signed POSTs when leads, comments or documents change
 * (docs/decisions/070), each with its delivery log and a test send.
 */
export function WebhooksPage() {
  const { data, error, isLoading, mutate } = useWebhooks();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Page>
      <PageHeader
        title="Вебхуки"
        subtitle="Адреса, на которые CRM отправляет подписанные POST-запросы о событиях. Запросы на внутренние адреса не отправляются."
        actions={<Button onClick={() => setEditing({})}>Добавить вебхук</Button>}
      />
      {error && !data ? (
        <ErrorState title="Не удалось загрузить вебхуки" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Spinner label="Загрузка вебхуков" />
      ) : data.length === 0 ? (
        <Card>
          <Muted>Вебхуков пока нет.</Muted>
        </Card>
      ) : (
        data.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} onEdit={() => setEditing({ webhook })} />)
      )}
      {editing ? <WebhookDrawer webhook={editing.webhook} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
