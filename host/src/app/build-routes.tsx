import { matchRoutes, type Location, type RouteObject } from '@crm/shared/router';
import { BlankLayout } from '../features/layout/components/blank-layout';
import { RemotePage } from '../features/remotes/components/remote-page';
import { AppDefaultLayout } from './app-default-layout';
import { AppRoot } from './app-root';
import { rootGuard, routeGuard, type Guard, type GuardOutcome } from './guard-loader';
import { HostPage } from './host-pages';
import type { LayoutName } from './route-handle';
import { ROOT_HANDLE, ROUTES, type RoutePage, type RouteSpec } from './routes';

/** Each route object's guard (routes without one open to anyone). */
const guards = new WeakMap<RouteObject, Guard>();

function withGuard(route: RouteObject, guard: Guard | undefined): RouteObject {
  if (guard) guards.set(route, guard);
  return route;
}

function renderPage(page: RoutePage) {
  if ('remote' in page) return <RemotePage module={page.remote} />;
  return <HostPage name={page.host} />;
}

function toRouteObject(spec: RouteSpec): RouteObject {
  return withGuard(
    {
      path: spec.path,
      handle: spec.handle,
      // Redirect-only routes and children like /leads/add/LeadForm draw nothing themselves.
      element: spec.page ? renderPage(spec.page) : null,
      children: spec.children?.map(toRouteObject),
    },
    routeGuard(spec),
  );
}

function inLayout(layout: LayoutName): RouteObject[] {
  return ROUTES.filter((spec) => spec.handle.layout === layout).map(toRouteObject);
}

/**
 * What the guards of every route matching `location` decide, outermost first: the first redirect wins, else a
 * not-found; null lets the page open. (What the data router did with loaders: every matched guard runs before
 * anything renders, a thrown redirect beats a thrown 404.)
 */
export function resolveGuards(routes: RouteObject[], location: Pick<Location, 'pathname' | 'search'>): GuardOutcome {
  const url = new URL(`${location.pathname}${location.search}`, 'http://app.invalid');
  const outcomes = (matchRoutes(routes, location.pathname) ?? []).map(
    (match) => guards.get(match.route)?.(url, match.params) ?? null,
  );
  return outcomes.find((o) => o && 'redirect' in o) ?? outcomes.find((o) => o !== null) ?? null;
}

/** The router's route objects, built from the table; the browser router and the tests use the same ones. */
export function buildRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: 'root',
      // The root element runs the guards for each navigation (resolveGuards) before it renders the matched route.
      element: <AppRoot resolve={(location) => resolveGuards(routes, location)} />,
      children: [
        withGuard({ index: true, handle: ROOT_HANDLE, element: null }, rootGuard),
        { id: 'layout-blank', element: <BlankLayout />, children: inLayout('blank') },
        { id: 'layout-default', element: <AppDefaultLayout />, children: inLayout('default') },
      ],
    },
  ];
  return routes;
}
