import { colors, OVERLAY_NAV_BREAKPOINT } from '@crm/shared/ui';

/**
 * Every persisted layout preference, one cookie each named with the app title as prefix (`CRM-theme`, `CRM-skin`, …).
 * Cookies rather than localStorage so the inline pre-paint script in tooling/index.html (which reads the same names)
 * and, later, the server can see them before any bundle runs (docs/decisions/039).
 */
export interface Preferences {
  language: string;
  /** The spec's "theme"/"colour scheme": light, dark, or system (the operating system decides). */
  theme: 'light' | 'dark' | 'system';
  skin: 'default' | 'bordered';
  lightThemePrimaryColor: string;
  darkThemePrimaryColor: string;
  semiDark: boolean;
  contentWidth: 'fluid' | 'boxed';
  navigationType: 'vertical' | 'horizontal';
  navbarType: 'sticky' | 'static' | 'hidden';
  navbarBlur: boolean;
  footerType: 'sticky' | 'static' | 'hidden';
  verticalNavCollapsed: boolean;
  /** Right to left: set from the language configuration on a language change, or by hand in the customizer. */
  isRTL: boolean;
}

export type PreferenceName = keyof Preferences;
export type StoredPreferences = Preferences;

/**
 * The spec's defaults: locale en, theme system, skin default, content boxed, vertical navigation, sticky navbar with
 * blur, static footer.
 */
export const DEFAULT_PREFERENCES: Readonly<StoredPreferences> = Object.freeze({
  language: 'en',
  theme: 'system',
  skin: 'default',
  lightThemePrimaryColor: colors.primary,
  darkThemePrimaryColor: colors.primary,
  semiDark: false,
  contentWidth: 'boxed',
  navigationType: 'vertical',
  navbarType: 'sticky',
  navbarBlur: true,
  footerType: 'static',
  verticalNavCollapsed: false,
  isRTL: false,
});

/** The layout title is CRM; every preference cookie carries it as prefix. */
export const PREFERENCE_COOKIE_PREFIX = 'CRM-';
export const PREFERENCE_NAMES = Object.keys(DEFAULT_PREFERENCES) as PreferenceName[];
export const cookieName = (name: PreferenceName) => `${PREFERENCE_COOKIE_PREFIX}${name}`;

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const HEX = /^#[0-9a-f]{6}$/i;

const CHOICES: Partial<Record<PreferenceName, readonly string[]>> = {
  theme: ['light', 'dark', 'system'],
  skin: ['default', 'bordered'],
  contentWidth: ['fluid', 'boxed'],
  navigationType: ['vertical', 'horizontal'],
  navbarType: ['sticky', 'static', 'hidden'],
  footerType: ['sticky', 'static', 'hidden'],
};

/** A stored string turned back into a value, or undefined when it is not one the preference allows. */
function parse<K extends PreferenceName>(name: K, raw: string): StoredPreferences[K] | undefined {
  const fallback = DEFAULT_PREFERENCES[name];
  if (typeof fallback === 'boolean') {
    return (raw === 'true' ? true : raw === 'false' ? false : undefined) as StoredPreferences[K] | undefined;
  }
  const choices = CHOICES[name];
  if (choices) return (choices.includes(raw) ? raw : undefined) as StoredPreferences[K] | undefined;
  if (name === 'lightThemePrimaryColor' || name === 'darkThemePrimaryColor') {
    return (HEX.test(raw) ? raw : undefined) as StoredPreferences[K] | undefined;
  }
  return (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(raw) ? raw : undefined) as StoredPreferences[K] | undefined;
}

function readCookies(): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    try {
      jar.set(key, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A malformed value counts as absent.
    }
  }
  return jar;
}

/** The stored preferences; anything absent or invalid takes its default. */
export function readPreferences(): StoredPreferences {
  const jar = readCookies();
  const prefs = { ...DEFAULT_PREFERENCES } as Record<PreferenceName, unknown>;
  for (const name of PREFERENCE_NAMES) {
    const raw = jar.get(cookieName(name));
    const value = raw === undefined ? undefined : parse(name, raw);
    if (value !== undefined) prefs[name] = value;
  }
  return prefs as StoredPreferences;
}

/** Whether a preference has a stored value (rather than its default). */
export function isPreferenceStored(name: PreferenceName): boolean {
  const raw = readCookies().get(cookieName(name));
  return raw !== undefined && parse(name, raw) !== undefined;
}

/** Stores the given preferences (site-wide, a year, never sent to other sites). */
export function writePreferences(prefs: Partial<StoredPreferences>): void {
  for (const name of PREFERENCE_NAMES) {
    if (!(name in prefs)) continue;
    const value = encodeURIComponent(String(prefs[name]));
    document.cookie = `${cookieName(name)}=${value}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
  }
}

/** Forgets every stored preference: the next read gives the spec's defaults. */
export function clearPreferences(): void {
  for (const name of PREFERENCE_NAMES) document.cookie = `${cookieName(name)}=; path=/; max-age=0; SameSite=Lax`;
}

/**
 * The next preferences after a change. Switching to horizontal navigation turns a hidden navbar into sticky and
 * un-collapses the vertical nav.
 */
export function changePreferences(current: StoredPreferences, patch: Partial<StoredPreferences>): StoredPreferences {
  const next = { ...current, ...patch };
  if (patch.navigationType === 'horizontal') {
    if (next.navbarType === 'hidden') next.navbarType = 'sticky';
    next.verticalNavCollapsed = false;
  }
  return next;
}

/** `system` follows the operating system's colour scheme. */
export function resolveMode(theme: StoredPreferences['theme'], prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}

/** The media query below which the navigation is an overlay (the spec's 976 = 960 + 16). */
export const OVERLAY_NAV_QUERY = `(max-width: ${OVERLAY_NAV_BREAKPOINT - 0.02}px)`;

/** What the default layout draws: below 976 px the navigation is an overlay and forced vertical. */
export function effectiveLayout(prefs: StoredPreferences, narrow: boolean) {
  const navigationType = narrow ? 'vertical' : prefs.navigationType;
  return {
    overlay: narrow,
    navigationType,
    // The horizontal bar and the overlay's toggle sit in the navbar, so those need one even when "hidden" was chosen.
    navbarType: (navigationType === 'horizontal' || narrow) && prefs.navbarType === 'hidden' ? 'sticky' : prefs.navbarType,
    collapsed: !narrow && navigationType === 'vertical' && prefs.verticalNavCollapsed,
  } as const;
}
