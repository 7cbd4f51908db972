import type { RouteObject } from '@crm/shared/router';
import { BlankLayout } from '../features/layout/components/blank-layout';
import { PageLoading } from '../features/remotes/components/page-loading';
import { RemotePage } from '../features/remotes/components/remote-page';
import { AppDefaultLayout } from './app-default-layout';
import { AppRoot } from './app-root';
import { guardLoader, rootLoader } from './guard-loader';
import { HostPage } from './host-pages';
import type { LayoutName } from './route-handle';
import { ROOT_HANDLE, ROUTES, type RoutePage, type RouteSpec } from './routes';
import { RouteError } from './route-error';

function renderPage(page: RoutePage) {
  if ('remote' in page) return <RemotePage module={page.remote} />;
  return <HostPage name={page.host} />;
}

function toRouteObject(spec: RouteSpec): RouteObject {
  return {
    path: spec.path,
    handle: spec.handle,
    loader: guardLoader(spec),
    // Redirect-only routes and children like /leads/add/LeadForm draw nothing themselves.
    element: spec.page ? renderPage(spec.page) : null,
    children: spec.children?.map(toRouteObject),
  };
}

function inLayout(layout: LayoutName): RouteObject[] {
  return ROUTES.filter((spec) => spec.handle.layout === layout).map(toRouteObject);
}

/** The router's route objects, built from the table; the browser router and the tests use the same ones. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppRoot />,
      errorElement: <RouteError />,
      // A root loader makes the first render wait in one place, whichever guards the matched routes run.
      loader: () => null,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { index: true, handle: ROOT_HANDLE, loader: rootLoader, element: null },
        { id: 'layout-blank', element: <BlankLayout />, children: inLayout('blank') },
        { id: 'layout-default', element: <AppDefaultLayout />, children: inLayout('default') },
      ],
    },
  ];
}
