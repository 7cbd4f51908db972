import type { RouteObject } from '@crm/shared/router';

export interface NavItem {
  to: string;
  title: string;
}

/** The top-level routes with a `handle.title` and a path without parameters, as links. */
export function navItems(routes: readonly RouteObject[]): NavItem[] {
  return routes.flatMap((route) => {
    const title: unknown = (route.handle as { title?: unknown } | undefined)?.title;
    if (typeof title !== 'string' || !route.path || route.path.includes(':') || route.path.includes('*')) return [];
    return [{ to: route.path.startsWith('/') ? route.path : `/${route.path}`, title }];
  });
}
