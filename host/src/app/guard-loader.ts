import { createAbility } from '@crm/shared/abilities';
import { getStoredRules, getStoredUser, isLoggedIn } from '@crm/shared/api-client';
import type { Params } from '@crm/shared/router';
import { resolveAccess } from '../features/auth/utils/resolve-access';
import { rootRedirectTarget } from '../features/auth/utils/root-redirect-target';
import { NAV_ITEMS } from './navigation';
import { PROFILE_PATH, type RouteSpec } from './routes';

/** The app is served under /build/. */
export const BASENAME = '/build/';

/** `/build/leads/list` → `/leads/list`: guards and `to` speak in app paths, the router adds the basename back. */
export function toAppPath(pathname: string): string {
  const base = BASENAME.replace(/\/$/, '');
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

function sessionNow() {
  return { loggedIn: isLoggedIn(), ability: createAbility(getStoredRules()) };
}

/** What a guard decides for one navigation: go elsewhere (an app path), show the not-found page, or let it open. */
export type GuardOutcome = { redirect: string } | { notFound: true } | null;

/** A route's guard: the URL being opened (app path) and the params its path matched. */
export type Guard = (url: URL, params: Params) => GuardOutcome;

/**
 * The guard of one route, run before the route renders (build-routes.tsx, once per navigation): an
 * unknown-shaped param is a 404, then the access class decides, then the route's own redirect. Reads the stored
 * session each time, so it is never stale.
 */
export function routeGuard(spec: RouteSpec): Guard | undefined {
  const { params: patterns, handle, redirect: redirectTo } = spec;
  if (!patterns && handle.access === 'public' && !redirectTo) return undefined;
  return (url, params) => {
    for (const [key, pattern] of Object.entries(patterns ?? {})) {
      if (!pattern.test(params[key] ?? '')) return { notFound: true };
    }
    const target = resolveAccess(handle, url.pathname, url.search, sessionNow());
    if (target) return { redirect: target };
    const next = redirectTo?.(url);
    return next ? { redirect: next } : null;
  };
}

/** `/`: Admin → leads list; a signed-in user otherwise → their first permitted area; visitors → login. */
export const rootGuard: Guard = (url) => {
  const { loggedIn, ability } = sessionNow();
  const home = NAV_ITEMS.find((item) => !item.action || !item.subject || ability.can(item.action, item.subject));
  return {
    redirect: rootRedirectTarget({
      search: url.search,
      storedUser: getStoredUser(),
      loggedIn,
      signedInHome: home?.to ?? PROFILE_PATH,
    }),
  };
};
