import { REMOTE_SCOPES, ROUTE_MANIFEST, type ManifestPath, type RouteManifestEntry, type RoutePageRef } from '@crm/shared/routes';
import type { HostPageName } from './host-pages';
import type { AppRouteHandle } from './route-handle';

/**
 * What a route shows: a remote's exposed module (`<remote>/<module>`, per the federation contract) or a host page.
 * A route without a page renders its parent's page alone (children such as `/leads/add/LeadForm`).
 */
export type RoutePage = { remote: string } | { host: HostPageName };

export interface RouteSpec {
  /** Relative to the app root, react-router 7 syntax. */
  path: string;
  handle: AppRouteHandle;
  page?: RoutePage;
  /**
   * react-router 7 has no inline regex (`/document/:id-view`): a whole segment is captured and must match here,
   * otherwise the path counts as unknown (404).
   */
  params?: Record<string, RegExp>;
  /** Where to go instead once the guard has let the user through; null to stay. */
  redirect?: (url: URL) => string | null;
  children?: RouteSpec[];
}

export const PROFILE_PATH = '/pages/user-profile';
/** Redirects to the account tab of the profile. */
export const ACCOUNT_SETTINGS_PATH = '/pages/account-settings';

/** `/`: no page of its own, it only redirects (the logic is in build-routes). */
export const ROOT_HANDLE: AppRouteHandle = { layout: 'blank', access: 'public' };

/** What only the host adds to the table: the profile's redirects (the spec's two land on one page with tabs). */
const REDIRECTS: Partial<Record<ManifestPath, (url: URL) => string | null>> = {
  'pages/user-profile': (url) =>
    ['profile', 'account'].includes(url.searchParams.get('tab') ?? '') ? null : `${PROFILE_PATH}?tab=profile`,
  'pages/account-settings': () => `${PROFILE_PATH}?tab=account`,
};

function toPage(page: RoutePageRef): RoutePage {
  // The table only names host pages host-pages.tsx has (ManifestHostPage is checked against HostPageName there).
  return 'remote' in page ? { remote: `${REMOTE_SCOPES[page.remote]}/${page.module.slice(2)}` } : { host: page.host as HostPageName };
}

function toSpecs(entry: RouteManifestEntry): RouteSpec[] {
  const handle: AppRouteHandle = {
    ...(entry.name === undefined ? {} : { name: entry.name }),
    layout: entry.layout,
    access: entry.access,
    ...(entry.ability ?? {}),
  };
  const params = entry.params && Object.fromEntries(Object.entries(entry.params).map(([key, source]) => [key, new RegExp(source)]));
  const redirect = REDIRECTS[entry.path as ManifestPath];
  return [entry.path, ...(entry.aliases ?? [])].map((path) => ({
    path,
    handle,
    ...(entry.page ? { page: toPage(entry.page) } : {}),
    ...(params ? { params } : {}),
    ...(redirect ? { redirect } : {}),
    ...(entry.children ? { children: entry.children.flatMap(toSpecs) } : {}),
  }));
}

/** The spec's route table (shared/src/routes), with the host's components and redirects attached. */
export const ROUTES: RouteSpec[] = ROUTE_MANIFEST.flatMap(toSpecs);

/** The path and handle of a named route (children included), e.g. for the navigation. */
export function findRoute(name: string): { path: string; handle: AppRouteHandle; page?: RoutePage } {
  const walk = (specs: RouteSpec[], prefix: string): { path: string; handle: AppRouteHandle; page?: RoutePage } | undefined => {
    for (const spec of specs) {
      const path = `${prefix}/${spec.path}`;
      if (spec.handle.name === name) return { path, handle: spec.handle, page: spec.page };
      const found = spec.children && walk(spec.children, path);
      if (found) return found;
    }
    return undefined;
  };
  const found = walk(ROUTES, '');
  if (!found) throw new Error(`No route named ${name}`);
  return found;
}
