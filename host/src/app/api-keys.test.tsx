import { screen, waitFor, within } from '@testing-library/react';
import type { AbilityRule, ApiKey } from '@crm/shared/schemas';
import { renderApp } from './testing/render-app';
import { mockFetch, reply } from './testing/mock-fetch';
import { signInAs } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

// Whole-app flows on a shared 2-core box: a bound on how long a test may run, not a speed assertion.
jest.setTimeout(30_000);

beforeEach(() => localStorage.clear());

const MANAGER_RULES: AbilityRule[] = [
  { action: 'view', subject: 'lead' },
  { action: 'create', subject: 'lead' },
  { action: 'manage', subject: 'api-keys' },
];
const userData = { id: 1, first_name: 'Мария', name: 'Мария Ключева', email: 'maria@example.com', role: 'Manager', avatar: null };

const KEY: ApiKey = {
  id: 7,
  name: 'Телефония',
  prefix: 'crm_AbCd1234',
  scopes: [{ action: 'view', subject: 'lead' }],
  expires_at: '2027-02-01T10:00:00.000Z',
  last_used_at: '2026-11-26T09:30:00.000Z',
  last_used_ip: '10.0.0.5',
  created_at: '2026-11-01T10:00:00.000Z',
};

describe('API keys on the account tab', () => {
  test('lists keys, creates one from the user’s own abilities and shows it once with a copy button, revokes with confirmation', async () => {
    let keys: ApiKey[] = [KEY];
    const { calls } = mockFetch({
      'GET /api/auth/me': () => reply(200, { userData, userAbilityRules: MANAGER_RULES }),
      'GET /api/me/sessions': () => reply(200, { data: [] }),
      'GET /api/me/api-keys': () => reply(200, { data: keys }),
      'POST /api/me/api-keys': (call) => {
        const body = call.body as { name: string; expires_in_days: number; scopes: AbilityRule[] };
        if (body.name === '') return reply(422, { message: 'The given data was invalid.', code: 'VALIDATION_FAILED', errors: { name: ['Название — от 1 до 100 символов'], scopes: ['Выберите хотя бы одно право'] } });
        const created = { ...KEY, id: 8, name: body.name, prefix: 'crm_Zz9Yy8Xx', scopes: body.scopes, last_used_at: null, last_used_ip: null };
        keys = [created, ...keys];
        return reply(201, { data: { ...created, key: 'crm_Zz9Yy8XxSECRETSECRETSECRETSECRETSECRETSEC' } });
      },
      'DELETE /api/me/api-keys/7': () => {
        keys = keys.filter((k) => k.id !== 7);
        return reply(200, { message: 'API-ключ отозван' });
      },
    });
    signInAs('Manager', MANAGER_RULES);
    const { user } = renderApp('/pages/account-settings');

    const section = await screen.findByRole('region', { name: 'API keys' });
    const row = await within(section).findByRole('row', { name: /Телефония/ });
    expect(within(row).getByText('crm_AbCd1234…')).toBeInTheDocument();
    expect(within(row).getByText('view lead')).toBeInTheDocument();
    expect(within(row).getByText(/10\.0\.0\.5/)).toBeInTheDocument();
    expect(section).not.toHaveTextContent('SECRET');

    await user.click(within(section).getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    // Only what the user holds, and never the ability to manage keys.
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['view lead', 'create lead']);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Название — от 1 до 100 символов')).toBeInTheDocument();
    expect(within(dialog).getByText('Выберите хотя бы одно право')).toHaveAttribute('role', 'alert');

    await user.type(within(dialog).getByLabelText('Name'), 'CRM-бот');
    await user.click(within(dialog).getByRole('checkbox', { name: 'view lead' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const secret = await within(dialog).findByTestId('api-key-secret');
    expect(secret).toHaveTextContent('crm_Zz9Yy8XxSECRETSECRETSECRETSECRETSECRETSEC');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'CRM-бот', expires_in_days: 90, scopes: [{ action: 'view', subject: 'lead' }] });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await screen.findByText('Key copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('crm_Zz9Yy8XxSECRETSECRETSECRETSECRETSECRETSEC');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New API key' })).not.toBeInTheDocument());
    // The list shows the new key by its prefix only: the secret is gone for good.
    expect(await within(section).findByText('crm_Zz9Yy8Xx…')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('SECRETSECRET');

    await user.click(within(section).getByRole('button', { name: 'Revoke: Телефония' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Revoke the key “Телефония”?');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(section).queryByRole('row', { name: /Телефония/ })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/me/api-keys/7']);
  });

  test('without manage api-keys the section is not shown and the keys are not asked for', async () => {
    const rules: AbilityRule[] = [{ action: 'view', subject: 'lead' }];
    const { calls } = mockFetch({
      'GET /api/auth/me': () => reply(200, { userData: { ...userData, role: 'Operator' }, userAbilityRules: rules }),
      'GET /api/me/sessions': () => reply(200, { data: [] }),
    });
    signInAs('Operator', rules);
    renderApp('/pages/account-settings');
    await screen.findByRole('region', { name: 'Active sessions' });
    expect(screen.queryByRole('region', { name: 'API keys' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/me/api-keys')).toBe(false);
  });
});
