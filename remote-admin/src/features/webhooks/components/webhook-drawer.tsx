import { useRef, useState } from 'react';
import styled from 'styled-components';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@crm/shared/schemas';
import { Button, Drawer, TextField, firstError, useFormSubmit } from '@crm/shared/ui';
import { useWebhookActions } from '../api/webhooks';
import { EVENT_LABELS } from '../utils/event-labels';

const FORM_ID = 'webhook-form';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const Events = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.5rem 1rem;
  legend {
    margin-bottom: 0.5rem;
    font-weight: 500;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const FieldError = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.errorText};
`;

const Secret = styled.code`
  display: block;
  padding: 0.75rem;
  border-radius: 0.375rem;
  background: ${({ theme }) => theme.colors.background};
  overflow-wrap: anywhere;
  user-select: all;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
`;

export interface WebhookDrawerProps {
  /** The webhook to change; none to add one. */
  webhook?: Webhook;
  onClose: () => void;
}

/**
 * Adds or changes a webhook: its URL, the events it receives, and its secret. A secret the server drew (or a new one
 * asked for) is shown here once, after saving, and never again.
 */
export function WebhookDrawer({ webhook, onClose }: WebhookDrawerProps) {
  const { create, update } = useWebhookActions();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(() => WEBHOOK_EVENTS.filter((event) => webhook?.events.includes(event)));
  const [secret, setSecret] = useState('');
  const [rotate, setRotate] = useState(false);
  const [active, setActive] = useState(webhook?.active ?? true);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const savedSecret = useRef<string | undefined>(undefined);

  const toggle = (event: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const { errors, submitting, submit } = useFormSubmit({
    successMessage: webhook ? 'Вебхук сохранён' : 'Вебхук добавлен',
    onSubmit: async () => {
      const answer = webhook
        ? await update(webhook.id, {
            // An unchanged URL is not sent, so it is not resolved and checked again for a change of events alone.
            ...(url !== webhook.url ? { url } : {}),
            events,
            active,
            ...(secret ? { secret } : {}),
            ...(rotate && !secret ? { rotate_secret: true } : {}),
          })
        : await create({ url, events, ...(secret ? { secret } : {}) });
      savedSecret.current = answer.secret;
    },
    onDone: () => {
      if (savedSecret.current) setShownSecret(savedSecret.current);
      else onClose();
    },
  });

  const eventErrors = Object.entries(errors)
    .filter(([field]) => field === 'events' || field.startsWith('events.'))
    .flatMap(([, messages]) => messages);

  return (
    <Drawer
      open
      onOpenChange={(open) => !open && onClose()}
      title={webhook ? 'Изменить вебхук' : 'Новый вебхук'}
      width={520}
      footer={
        shownSecret ? (
          <Footer>
            <Button onClick={onClose}>Готово</Button>
          </Footer>
        ) : (
          <Footer>
            <Button variant="secondary" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" form={FORM_ID} disabled={submitting}>
              Сохранить
            </Button>
          </Footer>
        )
      }
    >
      {shownSecret ? (
        <div>
          <p>Сохраните секрет: он показывается только сейчас. С ним получатель проверяет подпись X-CRM-Signature.</p>
          <Secret data-testid="webhook-secret">{shownSecret}</Secret>
        </div>
      ) : (
        <Form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Адрес (URL)"
            name="url"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={errors.url}
            hint="Сюда придут POST-запросы с JSON, например https://example.com/hooks/crm"
            autoFocus
          />
          <Events>
            <legend>События</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <Check key={event}>
                <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
                {EVENT_LABELS[event]}
              </Check>
            ))}
            {eventErrors.length > 0 ? <FieldError role="alert">{firstError(eventErrors)}</FieldError> : null}
          </Events>
          <TextField
            label={webhook ? 'Новый секрет' : 'Секрет'}
            name="secret"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            error={errors.secret}
            hint={webhook ? 'Оставьте пустым, чтобы не менять' : 'Оставьте пустым — сервер создаст секрет и покажет его один раз'}
            autoComplete="off"
          />
          {webhook ? (
            <>
              <Check>
                <input type="checkbox" checked={rotate} disabled={secret !== ''} onChange={(e) => setRotate(e.target.checked)} />
                Создать новый секрет
              </Check>
              <Check>
                <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
                Включён
              </Check>
            </>
          ) : null}
        </Form>
      )}
    </Drawer>
  );
}
