import type { User } from '@crm/shared/schemas';
import { rootRedirectTarget } from './root-redirect-target';

const user = (role: string): User => ({ id: 1, first_name: 'A', name: 'B', email: 'a@b.c', role, avatar: null });

describe('rootRedirectTarget (`/`)', () => {
  test('an Admin goes to the leads list', () => {
    expect(rootRedirectTarget({ search: '?a=1', storedUser: user('Admin'), loggedIn: true, signedInHome: '/x' })).toBe('/leads/list');
  });

  test('a visitor goes to login keeping the query', () => {
    expect(rootRedirectTarget({ search: '?a=1', storedUser: null, loggedIn: false, signedInHome: '/x' })).toBe('/login?a=1');
  });

  test('a stored non-Admin without a session goes to login keeping the query', () => {
    expect(rootRedirectTarget({ search: '?a=1', storedUser: user('Manager'), loggedIn: false, signedInHome: '/x' })).toBe(
      '/login?a=1',
    );
  });

  test('a signed-in non-Admin goes to their home, since login would send them back to /', () => {
    expect(rootRedirectTarget({ search: '', storedUser: user('Manager'), loggedIn: true, signedInHome: '/document/list' })).toBe(
      '/document/list',
    );
  });
});
