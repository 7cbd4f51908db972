import { createAbility } from '@crm/shared/abilities';
import { resolveAccess, type RouteAccess } from './resolve-access';

const visitor = { loggedIn: false, ability: createAbility([]) };
const operator = { loggedIn: true, ability: createAbility([{ action: 'view', subject: 'lead' }]) };
const admin = { loggedIn: true, ability: createAbility([{ action: 'manage', subject: 'all' }]) };

const viewLead: RouteAccess = { access: 'auth', action: 'view', subject: 'lead' };
const viewStatus: RouteAccess = { access: 'auth', action: 'view', subject: 'lead-status' };

describe('resolveAccess', () => {
  test('public routes open to everyone', () => {
    for (const context of [visitor, operator, admin]) {
      expect(resolveAccess({ access: 'public' }, '/not-authorized', '', context)).toBeNull();
    }
  });

  test('guest-only routes send a signed-in user to /', () => {
    expect(resolveAccess({ access: 'guest' }, '/login', '', operator)).toBe('/');
    expect(resolveAccess({ access: 'guest' }, '/login', '', visitor)).toBeNull();
  });

  test('an ability route opens with the ability', () => {
    expect(resolveAccess(viewLead, '/leads/list', '', operator)).toBeNull();
    expect(resolveAccess(viewStatus, '/lead-status/list', '', admin)).toBeNull();
  });

  test('without it a signed-in user goes to not-authorized', () => {
    expect(resolveAccess(viewStatus, '/lead-status/list', '', operator)).toBe('/not-authorized');
  });

  test('a visitor goes to login with the query and to', () => {
    expect(resolveAccess(viewLead, '/leads/list', '?page=3', visitor)).toBe('/login?page=3&to=/leads/list');
  });

  test('stored rules alone do not make a visitor signed in', () => {
    const staleRules = { loggedIn: false, ability: admin.ability };
    expect(resolveAccess(viewLead, '/leads/list', '', staleRules)).toBe('/login?to=/leads/list');
  });

  test('an auth route without an ability needs only a session', () => {
    expect(resolveAccess({ access: 'auth' }, '/pages/user-profile', '', { loggedIn: true, ability: createAbility([]) })).toBeNull();
    expect(resolveAccess({ access: 'auth' }, '/pages/user-profile', '', visitor)).toBe('/login?to=/pages/user-profile');
  });
});
