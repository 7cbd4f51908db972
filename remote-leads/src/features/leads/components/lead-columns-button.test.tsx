import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRequest } from '@crm/shared/testing';
import { LeadsListPage } from './leads-list-page';

// user-event is slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

const statuses: LeadStatus[] = [{ id: 3, name: 'В работе', color: '#FF9F43', position: 1 }];
const routes: RouteObject[] = [{ path: '/leads/list', element: <LeadsListPage statuses={statuses} /> }];

const lead: LeadListItem = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: 'Петрович',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '',
  users: [2],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 1,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова' }],
  is_favorite: false,
};
const NAME = 'Иванов Иван Петрович';

function leadsApi({ url }: MockRequest) {
  const perPage = Number(url.searchParams.get('per_page') ?? 25);
  const page = Number(url.searchParams.get('page') ?? 1);
  return { body: { data: [lead], meta: { current_page: page, per_page: perPage, total: 60, last_page: Math.ceil(60 / perPage) } } };
}

const api = () => mockFetch({ 'GET /api/leads': leadsApi, 'GET /api/users': { body: { data: [] } } });
const paramsOf = (router: ReturnType<typeof renderRoutes>['router']) => Object.fromEntries(new URLSearchParams(router.state.location.search));
/** The table's header texts; the star column's header is an icon, named by its title. */
const headers = () =>
  screen.getAllByRole('columnheader').map((header) => header.textContent || header.querySelector('title')?.textContent || '');

/** A window `width` px wide, as far as media queries go (jsdom has no layout). */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width: ([\d.]+)px/.exec(query);
    const min = /min-width: ([\d.]+)px/.exec(query);
    return {
      matches: (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

describe('the leads table\'s "Столбцы"', () => {
  it('hides and shows columns from the keyboard; the choice goes to the URL as columns=, keeps the page, and "Показать все" clears it', async () => {
    const fetch = api();
    const { router } = renderRoutes(routes, '/leads/list?page=2');
    await screen.findByRole('link', { name: NAME });
    expect(headers()).toEqual(['ФИО', 'Телефон', 'Статус', 'Ответственные', 'Избранное', 'Создан', 'Действия']);
    const user = userEvent.setup();

    const button = screen.getByRole('button', { name: 'Столбцы' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Столбцы' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    // The name column cannot be hidden: a row always opens its lead.
    expect(within(panel).getByRole('checkbox', { name: 'ФИО' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'ФИО' })).toBeDisabled();
    // The focus is on the first choice: Space hides the phone, Tab and Space the status.
    const phone = within(panel).getByRole('checkbox', { name: 'Телефон' });
    await waitFor(() => expect(phone).toHaveFocus());
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(paramsOf(router)).toEqual({ page: '2', columns: 'name,responsible,is_favorite,created_at,actions' });
    expect(headers()).toEqual(['ФИО', 'Ответственные', 'Избранное', 'Создан', 'Действия']);
    expect(within(panel).getByRole('checkbox', { name: 'Телефон' })).not.toBeChecked();
    // The columns are the page's, not the API's: the request is the same.
    expect(requestsTo(fetch, 'GET /api/leads').every(({ url }) => !url.searchParams.has('columns'))).toBe(true);

    // Escape closes the panel and gives the focus back to the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Столбцы' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Столбцы' })).getByRole('checkbox', { name: 'Телефон' }));
    expect(paramsOf(router).columns).toBe('name,phone,responsible,is_favorite,created_at,actions');
    await user.click(screen.getByRole('button', { name: 'Показать все' }));
    expect(paramsOf(router)).toEqual({ page: '2' });
    expect(headers()).toHaveLength(7);

    // Tabbing out of it closes it; so does a click outside.
    await user.tab();
    expect(screen.queryByRole('dialog', { name: 'Столбцы' })).not.toBeInTheDocument();
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Столбцы' });
    await user.click(screen.getByRole('heading', { name: 'Лиды' }));
    expect(screen.queryByRole('dialog', { name: 'Столбцы' })).not.toBeInTheDocument();
  });

  it('reads columns= from the URL (a link or a saved view), in the table\'s order', async () => {
    api();
    renderRoutes(routes, '/leads/list?columns=status,name');
    await screen.findByRole('link', { name: NAME });
    expect(headers()).toEqual(['ФИО', 'Статус']);
    await userEvent.click(screen.getByRole('button', { name: 'Столбцы' }));
    const panel = await screen.findByRole('dialog', { name: 'Столбцы' });
    const checked = within(panel).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    expect(checked.map((box) => box.closest('label')?.textContent)).toEqual(['ФИО', 'Статус']);
  });

  it('falls back to every column for an unknown one', async () => {
    api();
    renderRoutes(routes, '/leads/list?columns=name,email');
    await screen.findByRole('link', { name: NAME });
    expect(headers()).toHaveLength(7);
  });

  it('is not offered on the kanban', async () => {
    api();
    renderRoutes([{ path: '/leads/list', element: <LeadsListPage statuses={statuses} renderKanban={() => <p>kanban</p>} /> }], '/leads/list?view=kanban');
    await screen.findByText('kanban');
    expect(screen.queryByRole('button', { name: 'Столбцы' })).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    const original = window.matchMedia;
    afterEach(() => {
      window.matchMedia = original;
    });

    it("the cards hide what the table hides: status, responsible, phone and star", async () => {
      windowWidth(390);
      api();
      renderRoutes(routes, '/leads/list?columns=name,created_at');
      const card = await screen.findByRole('article', { name: NAME });
      expect(within(card).queryByRole('combobox', { name: `Статус: ${NAME}` })).not.toBeInTheDocument();
      expect(within(card).queryByText('Анна Смирнова')).not.toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: /^Позвонить/ })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: `Избранное: ${NAME}` })).not.toBeInTheDocument();
      // What the card has besides the columns stays.
      expect(within(card).getByRole('link', { name: `Комментарий к ${NAME}` })).toBeInTheDocument();
    });

    it('shows them all without columns=', async () => {
      windowWidth(390);
      api();
      renderRoutes(routes, '/leads/list');
      const card = await screen.findByRole('article', { name: NAME });
      expect(within(card).getByRole('combobox', { name: `Статус: ${NAME}` })).toBeInTheDocument();
      expect(within(card).getByText('Анна Смирнова')).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: /^Позвонить/ })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: `Избранное: ${NAME}` })).toBeInTheDocument();
    });
  });
});
