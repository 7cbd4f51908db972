import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from './i18n';
import { mockFetch, reply } from './testing/mock-fetch';
import { renderApp } from './testing/render-app';
import { apiKeysUnder, saveSession } from '@crm/shared/api-client';
import { signInAs, testSession } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

const VIEW_ALL_ENTRIES = [
  'Dashboard',
  'Leads',
  'My day',
  'Lead statuses',
  'Documents',
  'Document categories',
  'Comment steps',
  'Teams',
  'Users',
  'Roles',
  'Permissions',
  'Audit log',
];
// The IP allow-list needs manage all itself, so only the Admin sees it.
const ALL_ENTRIES = [
  // First for whoever holds view dashboard (docs/decisions/076).
  'Dashboard',
  'Leads',
  'My day',
  'Lead statuses',
  'Documents',
  'Document categories',
  'Comment steps',
  'Teams',
  'Users',
  'Roles',
  'Permissions',
  'IP allow-list',
  'Audit log',
  // manage remotes and manage webhooks, which manage all includes (view all does not).
  'Modules',
  'Webhooks',
];

beforeEach(() => {
  localStorage.clear();
  mockFetch();
});

async function navEntries(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('vertical navigation', () => {
  test('shows every entry to manage all', async () => {
    signInAs('Admin');
    renderApp('/leads/list');
    expect(await navEntries()).toEqual(ALL_ENTRIES);
  });

  test('shows only the entries the abilities allow', async () => {
    signInAs('Operator', [
      { action: 'view', subject: 'lead' },
      { action: 'view', subject: 'lead-status' },
      { action: 'create', subject: 'document' },
      { action: 'view', subject: 'step' },
    ]);
    renderApp('/leads/list');
    expect(await navEntries()).toEqual(['Leads', 'My day', 'Lead statuses', 'Comment steps']);
  });

  test("My day shows the caller's open tasks overdue or due today as a count", async () => {
    let summary = { overdue: 2, today: 1, week: 5 };
    mockFetch({ 'GET /api/tasks/summary': () => reply(200, { data: summary }) });
    signInAs('Operator', [{ action: 'view', subject: 'lead' }]);
    const { mutate } = renderApp('/leads/list');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: /My day/ });
    expect(await within(link).findByLabelText('3 overdue or due today')).toHaveTextContent('3');
    // A task changed in a remote refreshes every key under /tasks (features/tasks in remote-leads), the count with them.
    summary = { overdue: 1, today: 1, week: 5 };
    await act(() => mutate(apiKeysUnder('/tasks')));
    expect(await within(link).findByLabelText('2 overdue or due today')).toHaveTextContent('2');
  });

  test('manage remotes alone shows the Modules entry alone', async () => {
    signInAs('Release manager', [{ action: 'manage', subject: 'remotes' }]);
    renderApp('/admin/remotes');
    expect(await navEntries()).toEqual(['Modules']);
  });

  test('manage webhooks alone shows the Webhooks entry alone', async () => {
    signInAs('Integrator', [{ action: 'manage', subject: 'webhooks' }]);
    renderApp('/admin/webhooks');
    expect(await navEntries()).toEqual(['Webhooks']);
  });

  test('view dashboard comes first in the menu', async () => {
    signInAs('Operator', [
      { action: 'view', subject: 'lead' },
      { action: 'view', subject: 'dashboard' },
    ]);
    renderApp('/leads/list');
    expect(await navEntries()).toEqual(['Dashboard', 'Leads', 'My day']);
  });

  test('view all sees every built area', async () => {
    signInAs('Manager', [{ action: 'view', subject: 'all' }]);
    renderApp('/leads/list');
    expect(await navEntries()).toEqual(VIEW_ALL_ENTRIES);
  });

  test('entries link to their routes and mark the current one', async () => {
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Lead statuses' }));
    expect(await screen.findByText('remote page remote_leads/lead-status-list-page')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Lead statuses' })).toHaveAttribute('aria-current', 'page');
  });

  test('Leads stays the current entry on the lead form and detail pages', async () => {
    signInAs('Admin');
    renderApp('/leads/create');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Lead statuses' })).not.toHaveAttribute('aria-current');
  });

  test('Leads is current on a lead detail page, and not on the lead statuses page', async () => {
    signInAs('Admin');
    renderApp('/leads/5');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
  });

  test('collapses and remembers it', async () => {
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await user.click(await screen.findByRole('button', { name: 'Collapse navigation' }));
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('CRM-verticalNavCollapsed=true');
  });
});

describe('top bar', () => {
  test('the user menu names the user and their role and links to the profile and account settings', async () => {
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(within(menu).getByText('Анна Петрова')).toBeInTheDocument();
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/build/pages/user-profile');
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/build/pages/account-settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  test('a non-Admin sees their own full name once and their initials', async () => {
    saveSession({
      ...testSession('Operator', [{ action: 'view', subject: 'lead' }]),
      userData: { id: 7, first_name: 'Иван', name: 'Иван Петров', email: 'operator1@example.com', role: 'Operator', avatar: null },
    });
    const { user } = renderApp('/leads/list');
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('ИП');
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(within(menu).getByText('Иван Петров')).toBeInTheDocument();
    expect(menu).not.toHaveTextContent('Иван Иван');
    expect(within(menu).getByText('Operator')).toBeInTheDocument();
  });

  test('the theme switcher offers light, dark and system and stores the choice', async () => {
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await user.click(await screen.findByRole('button', { name: 'Theme' }));
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.cookie).toContain('CRM-theme=dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  test('the language switcher stays hidden while i18n is disabled', async () => {
    const { calls } = mockFetch();
    signInAs('Admin');
    renderApp('/leads/list');
    await screen.findByRole('button', { name: 'Theme' });
    await waitFor(() => expect(calls.some((call) => call.path === '/build/web-config.json')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Language' })).not.toBeInTheDocument();
  });

  test('with I18N_ENABLED the switcher offers the four languages and switches the shell', async () => {
    mockFetch({ 'GET /build/web-config.json': () => reply(200, { i18nEnabled: true }) });
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    const options = screen.getAllByRole('menuitemradio').map((item) => item.textContent);
    expect(options).toEqual(['English', 'Français', 'العربية', 'Русский']);
    await user.click(screen.getByRole('menuitemradio', { name: 'Русский' }));
    const nav = await screen.findByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getByRole('link', { name: 'Лиды' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  test('the scroll-to-top button appears past 200 px', async () => {
    signInAs('Admin');
    renderApp('/leads/list');
    await screen.findByRole('button', { name: 'Theme' });
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 201, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument());
  });
});

describe('skip to content', () => {
  test('the first Tab reaches a skip link in the shell language; Enter moves focus to the page', async () => {
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();

    await act(async () => {
      await i18n.changeLanguage('ru');
    });
    expect(screen.getByRole('link', { name: 'Перейти к содержимому' })).toBe(skip);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});

describe('below the overlay breakpoint (976 px)', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  test('the navigation is a drawer opened from the top bar', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width: 975.98px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    signInAs('Admin');
    const { user } = renderApp('/leads/list');
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(open);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await user.click(screen.getByTestId('nav-backdrop'));
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
