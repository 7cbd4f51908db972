import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from './i18n';
import { currentPath, renderApp } from './testing/render-app';
import { mockFetch, reply } from './testing/mock-fetch';
import { signInAs } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

const RESULTS = {
  leads: [
    { id: 5, name: 'Звездочётов Пётр', phone: '+7 (915) 123-45-67' },
    { id: 6, name: 'Звездочётова Анна', phone: '+7 915 123 45 68' },
  ],
  documents: [{ id: 9, title: 'Регламент звонков', category: 'Общее' }],
  users: null,
};

const searchQueries = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/api/search')
    .map((url) => url.searchParams.get('q'));

// Whole-app flows on a shared 2-core box: a bound on how long a test may run, not a speed assertion.
jest.setTimeout(30_000);

beforeEach(() => localStorage.clear());

describe('global search', () => {
  test('Ctrl+K opens it; results are grouped; arrows move, Enter opens the lead, and the search is remembered', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/search': () => reply(200, RESULTS) });
    signInAs('Admin');
    const { router, user } = renderApp('/leads/list');
    await screen.findByText('remote page remote_leads/leads-list-page');

    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Search leads, documents, users and pages' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, '8 915 123');

    const list = screen.getByRole('listbox', { name: 'Search results' });
    const leads = await within(list).findByRole('group', { name: 'Leads' });
    expect(within(leads).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Звездочётов Пётр+7 (915) 123-45-67',
      'Звездочётова Анна+7 915 123 45 68',
    ]);
    expect(within(list).getByRole('group', { name: 'Documents' })).toBeInTheDocument();
    expect(within(list).queryByRole('group', { name: 'Users' })).not.toBeInTheDocument();
    // Debounced: fewer requests than keys (one, unless the machine stalls between keys for longer than the
    // debounce), the last for the whole phone.
    const queries = searchQueries(fetchMock);
    expect(queries.at(-1)).toBe('8 915 123');
    expect(queries.length).toBeLessThan('8 915 123'.length);

    // The first option is active; ArrowDown moves to the second lead, ArrowUp wraps past the first to the last.
    const options = () => within(list).getAllByRole('option');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1].id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(currentPath(router)).toBe('/leads/5'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('CRM-recent-searches-1') ?? '[]')).toEqual(['8 915 123']);

    // Reopened with the button: the recent search is offered, Enter puts it back in the box; Esc closes.
    await user.click(screen.getByRole('button', { name: 'Search (Ctrl+K)' }));
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(within(recent).getByRole('option')).toHaveTextContent('8 915 123');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox')).toHaveValue('8 915 123');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('offers only the pages the abilities open, and says when nothing matches', async () => {
    mockFetch({ 'GET /api/search': () => reply(200, { leads: [], documents: [], users: null }) });
    signInAs('Operator', [
      { action: 'view', subject: 'lead' },
      { action: 'view', subject: 'document' },
    ]);
    const { user } = renderApp('/leads/list');
    await screen.findByText('remote page remote_leads/leads-list-page');
    await user.click(screen.getByRole('button', { name: 'Search (Ctrl+K)' }));
    const box = await screen.findByRole('combobox');
    await user.type(box, 'lead');
    const pages = await screen.findByRole('group', { name: 'Pages' });
    // "Leads" only: "New lead" needs create lead, "Lead statuses" needs view lead-status.
    expect(within(pages).getAllByRole('option').map((o) => o.textContent)).toEqual(['Leads']);
    await user.clear(box);
    await user.type(box, 'users');
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing found for “users”');
  });

  test('finds pages by their name in every language, whatever the shell speaks', async () => {
    mockFetch({ 'GET /api/search': () => reply(200, { leads: [], documents: [], users: null }) });
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await screen.findByText('remote page remote_leads/leads-list-page');
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox');
    await user.type(box, 'лиды');
    const pages = await screen.findByRole('group', { name: 'Pages' });
    expect(within(pages).getAllByRole('option').map((o) => o.textContent)).toEqual(['Leads']);
    await user.clear(box);
    await user.type(box, 'Документы');
    expect(within(await screen.findByRole('group', { name: 'Pages' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Documents']);
    await user.clear(box);
    await user.type(box, 'prospects');
    expect(within(await screen.findByRole('group', { name: 'Pages' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Leads', 'Lead statuses']);
  });

  test('recent searches are kept per user', async () => {
    localStorage.setItem('CRM-recent-searches-2', JSON.stringify(['чужой поиск']));
    mockFetch();
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await screen.findByText('remote page remote_leads/leads-list-page');
    await user.keyboard('{Meta>}k{/Meta}');
    await screen.findByRole('combobox');
    expect(screen.queryByText('чужой поиск')).not.toBeInTheDocument();
    expect(screen.getByText(/Type a name, a phone number/)).toBeInTheDocument();
  });
});

describe('account pages', () => {
  test('the account tab lists sessions with this device, and signs out everywhere else', async () => {
    let sessions = [
      { id: 1, device: 'Chrome on Windows', ip: '10.0.0.1', created_at: '2026-11-20T10:00:00Z', last_used_at: '2026-11-23T09:00:00Z', current: true },
      { id: 2, device: 'Firefox on Linux', ip: '10.0.0.2', created_at: '2026-11-21T10:00:00Z', last_used_at: null, current: false },
    ];
    const { calls } = mockFetch({
      'GET /api/auth/me': () => reply(200, { userData: { id: 1, first_name: 'Анна', name: 'Петрова', email: 'anna@example.com', role: 'Admin', avatar: null }, userAbilityRules: [] }),
      'GET /api/me/sessions': () => reply(200, { data: sessions }),
      'POST /api/me/sessions/revoke-others': () => {
        sessions = sessions.filter((s) => s.current);
        return reply(200, { message: 'ok', revoked: 1 });
      },
    });
    signInAs('Admin');
    const { user } = renderApp('/pages/account-settings');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Chrome on WindowsThis device', 'Firefox on Linux']);
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Sign out: Firefox on Linux' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Your other sessions were signed out (1).')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/me/sessions/revoke-others')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  test('the profile tab saves the name and the picture, and the top bar shows the new picture', async () => {
    const userData = { id: 1, first_name: 'Анна', name: 'Анна Петрова', email: 'anna@example.com', role: 'Admin', avatar: null as string | null };
    const { calls } = mockFetch({
      'GET /api/auth/me': () => reply(200, { userData, userAbilityRules: [{ action: 'manage', subject: 'all' }] }),
      'GET /api/me/profile': () => reply(200, { userData, teams: [{ id: 3, name: 'Продажи' }] }),
      'PATCH /api/me/profile': (call) => reply(200, { userData: { ...userData, name: (call.body as { name: string }).name } }),
      'POST /api/me/avatar': () => reply(200, { userData: { ...userData, avatar: '/api/avatars/0123456789abcdef0123456789abcdef.webp' } }),
    });
    signInAs('Admin');
    const { user } = renderApp('/pages/user-profile');
    const name = await screen.findByLabelText('Your name');
    expect(name).toHaveValue('Анна Петрова');
    expect(screen.getByText('Продажи')).toBeInTheDocument();

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(name).toHaveAccessibleDescription(/Enter your name/);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await user.type(name, 'Анна Петрова');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Анна Петрова' });

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a picture'), file);
    expect(await screen.findByRole('img', { name: 'Avatar' })).toHaveAttribute('src', '/api/avatars/0123456789abcdef0123456789abcdef.webp');
    const sent = calls.find((c) => c.path === '/api/me/avatar')?.body as FormData;
    expect((sent.get('avatar') as File).name).toBe('me.png');
    // The stored session follows, so the user menu's avatar is the new picture.
    await act(async () => {});
    const stored = JSON.parse(localStorage.getItem('userData') ?? '{}');
    expect(stored.avatar).toBe('/api/avatars/0123456789abcdef0123456789abcdef.webp');
    expect(document.querySelector('header img')).toHaveAttribute('src', '/api/avatars/0123456789abcdef0123456789abcdef.webp');
  });
});

describe('preferred language', () => {
  const me = { userData: { id: 1, first_name: 'Анна', name: 'Петрова', email: 'anna@example.com', role: 'Admin', avatar: null }, userAbilityRules: [] };

  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  test('with internationalisation on, the account tab changes the shell language', async () => {
    mockFetch({
      'GET /build/web-config.json': () => reply(200, { i18nEnabled: true }),
      'GET /api/auth/me': () => reply(200, me),
      'GET /api/me/sessions': () => reply(200, { data: [] }),
    });
    signInAs('Admin');
    const { user } = renderApp('/pages/account-settings');
    const language = await screen.findByRole('combobox', { name: 'Preferred language' });
    expect(language).toHaveTextContent('English');
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Français' }));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(await screen.findByRole('combobox', { name: 'Langue préférée' })).toHaveTextContent('Français');
  });

  test('with internationalisation off (the default) the account tab offers no language', async () => {
    mockFetch({ 'GET /api/auth/me': () => reply(200, me), 'GET /api/me/sessions': () => reply(200, { data: [] }) });
    signInAs('Admin');
    renderApp('/pages/account-settings');
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Preferred language' })).not.toBeInTheDocument();
  });
});

describe('shortcuts', () => {
  test('pins pages the user may open, saved on the server, shown as a grid of links', async () => {
    let stored: string[] = [];
    const { calls } = mockFetch({
      'GET /api/me/shortcuts': () => reply(200, { pages: stored }),
      'PUT /api/me/shortcuts': (call) => {
        stored = (call.body as { pages: string[] }).pages;
        return reply(200, { pages: stored });
      },
    });
    signInAs('Operator', [
      { action: 'view', subject: 'lead' },
      { action: 'create', subject: 'lead' },
      { action: 'view', subject: 'document' },
    ]);
    const { user } = renderApp('/leads/list');
    await screen.findByText('remote page remote_leads/leads-list-page');
    await user.click(screen.getByRole('button', { name: 'Shortcuts' }));
    expect(await screen.findByText(/No shortcuts yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit shortcuts' }));
    const choices = screen.getAllByRole('checkbox');
    // Only the pages the abilities open.
    expect(choices.map((c) => c.parentElement?.textContent)).toEqual(['Leads', 'New lead', 'Documents']);
    await user.click(screen.getByRole('checkbox', { name: 'Documents' }));
    await user.click(screen.getByRole('checkbox', { name: 'Leads' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const grid = await screen.findByRole('list', { name: 'Shortcuts' });
    expect(within(grid).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Leads', '/build/leads/list'],
      ['Documents', '/build/document/list'],
    ]);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ pages: ['leads-list', 'document-list'] });
  });
});
