import { abilityRuleSchema, type AbilityRule, type Session, userSchema, type User } from '@crm/shared/schemas/mini';

/** localStorage keys of the session, named as the spec names them. */
export const STORAGE_KEYS = {
  userData: 'userData',
  accessToken: 'accessToken',
  userAbilityRules: 'userAbilityRules',
} as const;

/** Window event fired in this tab whenever the stored session is saved or cleared. */
export const SESSION_CHANGE_EVENT = 'crm:session-change';

/** Window event fired when the API answers 401: the session has already been cleared. */
export const UNAUTHORIZED_EVENT = 'crm:unauthorized';
/**
 * Fired (a CustomEvent with `detail: { ip }`) when an API call answers 403 IP_NOT_ALLOWED: the IP allow-list refuses
 * this client's address. The host shows the page that names it.
 */
export const IP_NOT_ALLOWED_EVENT = 'crm:ip-not-allowed';

const SESSION_KEYS: readonly string[] = Object.values(STORAGE_KEYS);

// Storage can throw (disabled cookies, Safari private mode); a broken store reads as signed out.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The bearer token of the signed-in user, or null. */
export function getAccessToken(): string | null {
  const raw = read(STORAGE_KEYS.accessToken);
  if (!raw) return null;
  // Tolerate a JSON-encoded token, as other clients of the same storage may write it.
  if (raw.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'string' && parsed ? parsed : null;
    } catch {
      return null;
    }
  }
  return raw;
}

/**
 * Parses a stored value once per distinct text: every useSession() and guard reads the session, and checking an Admin's
 * rules with zod on each read was a large share of a page's first render on a slow phone (docs/decisions/080).
 */
function parsedOnce<T>(key: string, parse: (raw: string | null) => T): () => T {
  let last: { raw: string | null; value: T } | null = null;
  return () => {
    const raw = read(key);
    if (last === null || last.raw !== raw) last = { raw, value: parse(raw) };
    return last.value;
  };
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const storedUser = parsedOnce(STORAGE_KEYS.userData, (raw): User | null => {
  const parsed = userSchema.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : null;
});

const storedRules = parsedOnce(STORAGE_KEYS.userAbilityRules, (raw): AbilityRule[] => {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  return value.flatMap((rule: unknown) => {
    const parsed = abilityRuleSchema.safeParse(rule);
    return parsed.success ? [parsed.data] : [];
  });
});

/** The stored `userData`, or null when missing or malformed. */
export function getStoredUser(): User | null {
  return storedUser();
}

/** The stored `userAbilityRules`; malformed entries are dropped, so a bad store grants nothing. */
export function getStoredRules(): AbilityRule[] {
  return storedRules();
}

function notify(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/** Stores what sign-in answered under the spec's three keys and tells listeners. */
export function saveSession(session: Session): void {
  window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(session.userData));
  window.localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  window.localStorage.setItem(STORAGE_KEYS.userAbilityRules, JSON.stringify(session.userAbilityRules));
  notify();
}

/**
 * Replaces the stored user and rules with what the server answers now (a role change), keeping the token. Listeners
 * are told only when something changed, so polling does not re-render the app for nothing.
 */
export function refreshStoredSession(userData: User, userAbilityRules: AbilityRule[]): void {
  const user = JSON.stringify(userData);
  const rules = JSON.stringify(userAbilityRules);
  if (read(STORAGE_KEYS.userData) === user && read(STORAGE_KEYS.userAbilityRules) === rules) return;
  try {
    window.localStorage.setItem(STORAGE_KEYS.userData, user);
    window.localStorage.setItem(STORAGE_KEYS.userAbilityRules, rules);
  } catch {
    return;
  }
  notify();
}

/** Forgets the session (sign-out, 401) and tells listeners. */
export function clearSession(): void {
  try {
    for (const key of SESSION_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
  notify();
}

/** Signed in means both the user data and the token are stored (the spec's guard rule). */
export function isLoggedIn(): boolean {
  return getStoredUser() !== null && getAccessToken() !== null;
}

/**
 * Calls `callback` whenever the session changes: in this tab (save, clear, 401) or in another tab
 * (the `storage` event). Returns the unsubscribe function.
 */
export function onSessionChange(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole store.
    if (event.key === null || SESSION_KEYS.includes(event.key)) callback();
  };
  window.addEventListener(SESSION_CHANGE_EVENT, callback);
  window.addEventListener(UNAUTHORIZED_EVENT, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGE_EVENT, callback);
    window.removeEventListener(UNAUTHORIZED_EVENT, callback);
    window.removeEventListener('storage', onStorage);
  };
}
