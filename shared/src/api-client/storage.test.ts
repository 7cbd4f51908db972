import {
  clearSession,
  getAccessToken,
  getStoredRules,
  getStoredUser,
  isLoggedIn,
  onSessionChange,
  saveSession,
  STORAGE_KEYS,
} from './storage';

const session = {
  accessToken: 'tok-1',
  userData: { id: 7, first_name: 'Ivan', name: 'Ivan Ivanov', email: 'i@example.com', role: 'Manager', avatar: null },
  userAbilityRules: [{ action: 'view' as const, subject: 'lead' as const }],
};

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('stores the session under the spec names', () => {
    saveSession(session);
    expect(STORAGE_KEYS).toEqual({ userData: 'userData', accessToken: 'accessToken', userAbilityRules: 'userAbilityRules' });
    expect(localStorage.getItem('accessToken')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(session.userData);
    expect(JSON.parse(localStorage.getItem('userAbilityRules') ?? 'null')).toEqual(session.userAbilityRules);
    expect(getStoredUser()).toEqual(session.userData);
    expect(getStoredRules()).toEqual(session.userAbilityRules);
  });

  it('is logged in only with both the user data and the token', () => {
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem('accessToken', 'tok');
    expect(isLoggedIn()).toBe(false);
    localStorage.clear();
    localStorage.setItem('userData', JSON.stringify(session.userData));
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem('accessToken', 'tok');
    expect(isLoggedIn()).toBe(true);
  });

  it('treats malformed user data as signed out and drops malformed rules', () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('userData', '{not json');
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem('userAbilityRules', JSON.stringify([{ action: 'view', subject: 'lead' }, { action: 'fly', subject: 'moon' }]));
    expect(getStoredRules()).toEqual([{ action: 'view', subject: 'lead' }]);
    localStorage.setItem('userAbilityRules', '"nope"');
    expect(getStoredRules()).toEqual([]);
  });

  it('reads a JSON-encoded token too', () => {
    localStorage.setItem('accessToken', JSON.stringify('tok-json'));
    expect(getAccessToken()).toBe('tok-json');
  });

  it('clears every key', () => {
    saveSession(session);
    clearSession();
    expect(Object.values(STORAGE_KEYS).map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    expect(isLoggedIn()).toBe(false);
  });

  it('notifies on save, clear and other tabs until unsubscribed', () => {
    const listener = jest.fn();
    const unsubscribe = onSessionChange(listener);
    saveSession(session);
    clearSession();
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    saveSession(session);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
