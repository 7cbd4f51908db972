import { createElement, type ComponentType } from 'react';
import type { RouteObject } from '@crm/shared/router';
import { ROUTE_MANIFEST, type ManifestPath, type RemoteModule, type RemoteName, type RouteManifestEntry } from '@crm/shared/routes';

/**
 * A remote's standalone routes, from the route table (shared/src/routes): the same paths and child routes the host
 * gives its pages, each module drawn by the component the remote maps it to. `titles` (by path) lists a route in the
 * shell's nav.
 */
export function standaloneRoutes<R extends RemoteName>(
  remote: R,
  pages: Readonly<Record<RemoteModule<R>, ComponentType>>,
  titles: Readonly<Partial<Record<`/${ManifestPath}`, string>>> = {},
): RouteObject[] {
  const title = (path: string): string | undefined => (titles as Readonly<Record<string, string>>)[path];
  const toRoute = (entry: RouteManifestEntry, path: string): RouteObject => ({
    path,
    ...(title(path) ? { handle: { title: title(path) } } : {}),
    element: entry.page && 'remote' in entry.page ? createElement(pages[entry.page.module as RemoteModule<R>]) : null,
    ...(entry.children ? { children: entry.children.map((child) => toRoute(child, child.path)) } : {}),
  });
  const own = (ROUTE_MANIFEST as readonly RouteManifestEntry[]).filter(
    (entry) => entry.page && 'remote' in entry.page && entry.page.remote === remote,
  );
  return own.flatMap((entry) => [entry.path, ...(entry.aliases ?? [])].map((path) => toRoute(entry, `/${path}`)));
}
