import { createAbility } from '@crm/shared/abilities';
import { getStoredRules, getStoredUser, isLoggedIn } from '@crm/shared/api-client';
import { data, redirect, type LoaderFunction, type LoaderFunctionArgs } from '@crm/shared/router';
import { resolveAccess } from '../features/auth/utils/resolve-access';
import { rootRedirectTarget } from '../features/auth/utils/root-redirect-target';
import { NAV_ITEMS } from './navigation';
import { PROFILE_PATH, type RouteSpec } from './routes';

/** The app is served under /build/ (§2). */
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

/**
 * The guard of one route (§2), run before anything renders: an unknown-shaped param is a 404, then the access
 * class decides, then the route's own redirect. Reads the stored session each time, so it is never stale.
 */
export function guardLoader(spec: RouteSpec): LoaderFunction | undefined {
  const { params: patterns, handle, redirect: redirectTo } = spec;
  if (!patterns && handle.access === 'public' && !redirectTo) return undefined;
  return ({ request, params }: LoaderFunctionArgs) => {
    for (const [key, pattern] of Object.entries(patterns ?? {})) {
      if (!pattern.test(params[key] ?? '')) throw data(null, { status: 404, statusText: 'Not Found' });
    }
    const url = new URL(request.url);
    const target = resolveAccess(handle, toAppPath(url.pathname), url.search, sessionNow());
    if (target) throw redirect(target);
    const next = redirectTo?.(url);
    if (next) throw redirect(next);
    return null;
  };
}

/** `/` (§2): Admin → leads list; a signed-in user otherwise → their first permitted area; visitors → login. */
export function rootLoader({ request }: LoaderFunctionArgs): never {
  const { loggedIn, ability } = sessionNow();
  const home = NAV_ITEMS.find((item) => !item.action || !item.subject || ability.can(item.action, item.subject));
  throw redirect(
    rootRedirectTarget({
      search: new URL(request.url).search,
      storedUser: getStoredUser(),
      loggedIn,
      signedInHome: home?.to ?? PROFILE_PATH,
    }),
  );
}
