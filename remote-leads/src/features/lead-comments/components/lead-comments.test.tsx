import { loadEditor } from '@crm/shared/editor/lazy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { CommentStep, LeadComment, User } from '@crm/shared/schemas';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { mockFetch, renderRoutes, requestsTo, type MockRoute } from '@crm/shared/testing';
import { LeadComments } from './lead-comments';

// Lexical and the selects in jsdom are slow on a 2-core runner: allow more than jest's default 5 s per test.
jest.setTimeout(30_000);

const me: User = { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Manager', avatar: null };

const steps: CommentStep[] = [
  { id: 10, name: 'Договор', position: 2, color: '#A8AAAE', archived: false },
  { id: 11, name: 'Первый звонок', position: 1, color: '#A8AAAE', archived: false },
];

const comments: LeadComment[] = [
  {
    id: 1,
    lead_id: 7,
    step: { id: 10, name: 'Договор', color: '#A8AAAE' },
    author: { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
    body: '<p>Договор <em>отправлен</em></p>',
    created_at: '2025-03-15T12:00:00.000Z',
    updated_at: '2025-03-15T12:00:00.000Z',
  },
  {
    id: 2,
    lead_id: 7,
    step: { id: 11, name: 'Первый звонок', color: '#A8AAAE' },
    author: { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    body: '<p>Клиент заинтересован</p>',
    created_at: '2025-03-14T08:00:00.000Z',
    updated_at: '2025-03-14T08:00:00.000Z',
  },
];

const routes: RouteObject[] = [{ path: '/leads/7', element: <LeadComments leadId={7} /> }];

function setup(extra: Record<string, MockRoute> = {}) {
  const fetch = mockFetch({
    'GET /api/comment-steps': { body: { data: steps } },
    'GET /api/leads/7/comments': { body: { data: comments } },
    ...extra,
  });
  renderRoutes(routes, '/leads/7');
  return { fetch, user: userEvent.setup({ delay: null }) };
}

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('LeadComments', () => {
  beforeAll(() => loadEditor());
  beforeEach(() => localStorage.setItem('userData', JSON.stringify(me)));
  afterEach(() => localStorage.clear());

  it("is brought into view when opened from a lead card's 'Комментарий' (#comments)", async () => {
    mockFetch({ 'GET /api/comment-steps': { body: { data: steps } }, 'GET /api/leads/7/comments': { body: { data: comments } } });
    const scrolled: Element[] = [];
    const jsdomScroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    try {
      renderRoutes(routes, '/leads/7#comments');
      const card = (await screen.findByRole('heading', { name: 'Комментарии' })).closest('section');
      expect(card).toHaveAttribute('id', 'comments');
      expect(scrolled).toEqual([card]);
    } finally {
      Element.prototype.scrollIntoView = jsdomScroll;
    }
  });

  it('groups comments by step in the steps’ order, each with author, date and HTML body', async () => {
    setup();
    const groups = await screen.findAllByRole('region');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual(['Первый звонок(1)', 'Договор(1)']);

    const contract = screen.getByRole('region', { name: 'Договор' });
    expect(contract).toHaveTextContent('Олег Кузнецов');
    expect(contract).toHaveTextContent(dateTime(comments[0].created_at));
    expect((await within(contract).findByText('отправлен')).tagName).toBe('EM');
  });

  it('lets only the author edit or delete a comment', async () => {
    setup();
    const mine = await screen.findByRole('region', { name: 'Первый звонок' });
    const theirs = screen.getByRole('region', { name: 'Договор' });
    expect(within(mine).getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  });

  it("asks to delete the author's comment by its first words, hides it with Отменить and sends the delete after the undo window", async () => {
    const { fetch, user } = setup({ 'DELETE /api/leads/7/comments/2': { body: { message: 'Deleted' } } });
    const mine = await screen.findByRole('region', { name: 'Первый звонок' });
    await user.click(within(mine).getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Удалить комментарий «Клиент заинтересован»?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Комментарий удалён')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Первый звонок' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/leads/7/comments/2')).toHaveLength(0);
    flushDeferredDeletes();
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/leads/7/comments/2')).toHaveLength(1));
  });

  it('edits the author’s comment in place with PUT', async () => {
    const { fetch, user } = setup({ 'PUT /api/leads/7/comments/2': { body: { data: comments[1] } } });
    const mine = await screen.findByRole('region', { name: 'Первый звонок' });
    await user.click(within(mine).getByRole('button', { name: 'Изменить' }));
    const editor = await within(mine).findByRole('textbox', { name: 'Текст комментария' });
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}Перезвонить');
    await user.click(within(mine).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(requestsTo(fetch, 'PUT /api/leads/7/comments/2')).toHaveLength(1));
    const [request] = requestsTo(fetch, 'PUT /api/leads/7/comments/2');
    expect(request.body).toEqual({ step_id: 11, body: expect.stringContaining('Перезвонить') });
    await waitFor(() => expect(within(mine).queryByRole('textbox')).not.toBeInTheDocument());
  });

  it("adds a comment: posts {step_id, body}, clears the editor and reloads the timeline", async () => {
    const { fetch, user } = setup({ 'POST /api/leads/7/comments': { status: 201, body: { data: comments[0] } } });
    await screen.findByRole('region', { name: 'Договор' });
    const form = screen.getByRole('form', { name: 'Новый комментарий' });

    await user.click(within(form).getByLabelText('Этап'));
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'Договор' }));
    const editor = await within(form).findByRole('textbox', { name: 'Комментарий' });
    await user.click(editor);
    await user.keyboard('Счёт выставлен');
    await user.click(within(form).getByRole('button', { name: 'Добавить комментарий' }));

    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/7/comments')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/7/comments')[0].body).toEqual({
      step_id: 10,
      body: expect.stringMatching(/^<p[^>]*>.*Счёт выставлен.*<\/p>$/),
    });
    await waitFor(() => expect(editor).not.toHaveTextContent('Счёт выставлен'));
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/7/comments')).toHaveLength(2));
  });

  it('a comment being written makes closing the tab ask first', async () => {
    const { user } = setup();
    await screen.findByRole('region', { name: 'Договор' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    const editor = await within(screen.getByRole('form', { name: 'Новый комментарий' })).findByRole('textbox', { name: 'Комментарий' });
    await user.click(editor);
    await user.keyboard('Перезвонить');
    await waitFor(() => expect(unload()).toBe(true));
  });

  it('shows the first 422 message under the step and the text', async () => {
    setup({
      'POST /api/leads/7/comments': {
        status: 422,
        body: { message: 'Invalid', errors: { step_id: ['Выберите этап', 'второе'], body: ['Напишите комментарий'] } },
      },
    });
    await screen.findByRole('region', { name: 'Договор' });
    const form = screen.getByRole('form', { name: 'Новый комментарий' });
    await userEvent.setup({ delay: null }).click(within(form).getByRole('button', { name: 'Добавить комментарий' }));

    await waitFor(() => expect(within(form).getByLabelText('Этап')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('Выберите этап', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Комментарий' })).toHaveAccessibleDescription('Напишите комментарий');
    expect(within(form).queryByText('второе')).not.toBeInTheDocument();
  });

  it("says so when there are no comments yet", async () => {
    setup({ 'GET /api/leads/7/comments': { body: { data: [] } } });
    expect(await screen.findByText('Комментариев пока нет')).toBeInTheDocument();
  });
});
