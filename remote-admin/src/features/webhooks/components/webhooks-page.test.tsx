import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { Webhook, WebhookDelivery } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { WebhooksPage } from './webhooks-page';

const routes: RouteObject[] = [{ path: '/admin/webhooks', element: <WebhooksPage /> }];

const hook = (id: number, overrides: Partial<Webhook> = {}): Webhook => ({
  id,
  url: `https://hooks.example.com/crm/${id}`,
  events: ['lead.created', 'document.deleted'],
  active: true,
  failure_count: 0,
  disabled_reason: null,
  owner: { id: 1, name: 'Анна Админова', email: 'admin@example.com' },
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 1,
  delivery_id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  event: 'lead.created',
  status_code: 200,
  ok: true,
  duration_ms: 42,
  error: null,
  attempt: 1,
  payload: {},
  created_at: '2026-11-26T10:05:00.000Z',
  ...overrides,
});

describe('WebhooksPage', () => {
  it('lists each webhook with its state, its events in Russian, and why it was turned off', async () => {
    mockFetch({
      'GET /api/webhooks': {
        body: { data: [hook(1), hook(2, { active: false, failure_count: 10, disabled_reason: '10 неудачных попыток подряд; последняя: Ответ 500' })] },
      },
    });
    renderRoutes(routes, '/admin/webhooks');
    expect(await screen.findByRole('heading', { name: 'Вебхуки' })).toBeInTheDocument();
    const first = await screen.findByRole('region', { name: 'https://hooks.example.com/crm/1' });
    expect(within(first).getByText('Включён')).toBeInTheDocument();
    expect(within(first).getByText('Лид создан')).toBeInTheDocument();
    expect(within(first).getByText('Документ удалён')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'https://hooks.example.com/crm/2' });
    expect(within(second).getByText('Отключён')).toBeInTheDocument();
    expect(within(second).getByText(/Отключён автоматически: 10 неудачных попыток подряд; последняя: Ответ 500/)).toBeInTheDocument();
  });

  it('adds a webhook and shows its secret once; the page never shows it again', async () => {
    const created = hook(3, { url: 'https://example.org/in', events: ['lead.updated', 'lead.comment_added'] });
    let list: Webhook[] = [];
    const fetch = mockFetch({
      'GET /api/webhooks': () => ({ body: { data: list } }),
      'POST /api/webhooks': () => {
        list = [created];
        return { status: 201, body: { data: { ...created, secret: 'whsec_shown-only-once' } } };
      },
    });
    renderRoutes(routes, '/admin/webhooks');
    const user = userEvent.setup();
    expect(await screen.findByText('Вебхуков пока нет.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Добавить вебхук' }));
    const drawer = await screen.findByRole('dialog', { name: 'Новый вебхук' });
    // Pasted rather than typed: one input event instead of one per character keeps the test quick on a loaded machine.
    await user.click(within(drawer).getByLabelText('Адрес (URL)'));
    await user.paste('https://example.org/in');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Лид изменён' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Комментарий к лиду' }));
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    expect(await within(drawer).findByText('whsec_shown-only-once')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/webhooks').map((r) => r.body)).toEqual([{ url: 'https://example.org/in', events: ['lead.updated', 'lead.comment_added'] }]);
    await user.click(within(drawer).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('region', { name: 'https://example.org/in' })).toBeInTheDocument();
    expect(screen.queryByText('whsec_shown-only-once')).not.toBeInTheDocument();
    // A whole form flow through the lazily loaded drawer, as the team and user form tests allow.
  }, 15_000);

  it("shows the API's 422 under the URL and the events, and keeps the drawer open", async () => {
    mockFetch({
      'GET /api/webhooks': { body: { data: [] } },
      'POST /api/webhooks': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { url: ['Адрес 127.0.0.1 внутренний: вебхуки отправляются только на публичные адреса'], events: ['Выберите хотя бы одно событие'] },
        },
      },
    });
    renderRoutes(routes, '/admin/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Добавить вебхук' }));
    const drawer = await screen.findByRole('dialog', { name: 'Новый вебхук' });
    const url = within(drawer).getByLabelText('Адрес (URL)');
    await user.click(url);
    await user.paste('http://127.0.0.1/');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    expect(await within(drawer).findByText(/внутренний: вебхуки отправляются только на публичные адреса/)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(within(drawer).getByRole('group', { name: 'События' })).toHaveTextContent('Выберите хотя бы одно событие');
  }, 15_000);

  it('editing sends what changed (not the unchanged URL); a new secret is shown once', async () => {
    const fetch = mockFetch({
      'GET /api/webhooks': { body: { data: [hook(1)] } },
      'PATCH /api/webhooks/1': { body: { data: { ...hook(1, { events: ['lead.created'] }), secret: 'whsec_rotated' } } },
    });
    renderRoutes(routes, '/admin/webhooks');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'https://hooks.example.com/crm/1' });
    await user.click(within(card).getByRole('button', { name: 'Изменить' }));
    const drawer = await screen.findByRole('dialog', { name: 'Изменить вебхук' });
    expect(within(drawer).getByLabelText('Адрес (URL)')).toHaveValue('https://hooks.example.com/crm/1');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Документ удалён' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Создать новый секрет' }));
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    expect(await within(drawer).findByText('whsec_rotated')).toBeInTheDocument();
    expect(requestsTo(fetch, 'PATCH /api/webhooks/1').map((r) => r.body)).toEqual([{ events: ['lead.created'], active: true, rotate_secret: true }]);
  }, 15_000);

  it('"Отправить тест" says what the endpoint answered, and the log lists the attempts', async () => {
    let deliveries: WebhookDelivery[] = [delivery({ id: 1, event: 'lead.created', status_code: 503, ok: false, error: 'Ответ 503', attempt: 1 })];
    const fetch = mockFetch({
      'GET /api/webhooks': { body: { data: [hook(1)] } },
      'POST /api/webhooks/1/test': () => {
        const sent = delivery({ id: 2, event: 'webhook.test', status_code: 200, duration_ms: 87 });
        deliveries = [sent, ...deliveries];
        return { body: { data: sent } };
      },
      'GET /api/webhooks/1/deliveries': () => ({ body: { data: deliveries } }),
    });
    renderRoutes(routes, '/admin/webhooks');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'https://hooks.example.com/crm/1' });
    await user.click(within(card).getByRole('button', { name: 'Журнал доставок' }));
    const log = await within(card).findByRole('list', { name: 'Журнал доставок' });
    expect(within(log).getByText('503')).toBeInTheDocument();
    expect(within(log).getByText('Ответ 503')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Отправить тест' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Тест доставлен: ответ 200 за 87 мс');
    expect(requestsTo(fetch, 'POST /api/webhooks/1/test')).toHaveLength(1);
    expect(await within(log).findByText('Тест')).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
  });
});
