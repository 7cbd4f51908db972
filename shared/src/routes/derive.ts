// What derives from the route table (./index.ts): its paths flattened, each remote's exposes, and the check that the
// table and what the remotes expose agree. Pure functions of a table passed in, with type imports only, so Node loads
// this file by stripping its types (the webpack configs) and the host's eager share of the table stays data.
import type { ExposedModule, RemoteName, RouteManifestEntry } from './index';

/** One path a route answers on, absolute, with the entries from the top-level route down to it. */
export interface FlatRoute {
  readonly path: string;
  readonly entries: readonly RouteManifestEntry[];
}

const join = (prefix: string, path: string) => `${prefix}/${path}`.replace(/\/+/g, '/');

/** Every path of the table (aliases and children included), `/leads/add/LeadForm` style. */
export function flattenRoutes(manifest: readonly RouteManifestEntry[], prefix = ''): FlatRoute[] {
  return manifest.flatMap((entry) =>
    [entry.path, ...(entry.aliases ?? [])].flatMap((path) => {
      const full = join(prefix, path);
      const children = flattenRoutes(entry.children ?? [], full).map((child) => ({ ...child, entries: [entry, ...child.entries] }));
      return [{ path: full, entries: [entry] }, ...children];
    }),
  );
}

/** The modules a path draws, outermost first: a child's page opens inside its parent's (a drawer over a list). */
export function pagesOf(route: FlatRoute): Array<{ remote: RemoteName; module: ExposedModule }> {
  return route.entries.flatMap((entry) => (entry.page && 'remote' in entry.page ? [entry.page] : []));
}

/** The modules of `remote` some route renders, in table order: what its webpack config exposes. */
export function remoteModules(manifest: readonly RouteManifestEntry[], remote: RemoteName): ExposedModule[] {
  const modules = flattenRoutes(manifest).flatMap((route) => pagesOf(route).filter((page) => page.remote === remote));
  return [...new Set(modules.map((page) => page.module))];
}

/** A remote's webpack `exposes`: each module from `src/app/exposed/<module>.tsx`. */
export function remoteExposes(manifest: readonly RouteManifestEntry[], remote: RemoteName): Record<string, string> {
  return Object.fromEntries(remoteModules(manifest, remote).map((module) => [module, `./src/app/exposed/${module.slice(2)}.tsx`]));
}

/**
 * Where the table and what the remotes expose disagree: a route whose module its remote does not expose, or an exposed
 * module no route renders. Empty when they agree; the manifest test fails on any line.
 */
export function routeDrift(
  manifest: readonly RouteManifestEntry[],
  exposes: Readonly<Record<RemoteName, Readonly<Record<string, string>>>>,
): string[] {
  const problems: string[] = [];
  for (const remote of Object.keys(exposes) as RemoteName[]) {
    const exposed = Object.keys(exposes[remote] ?? {});
    const routed = remoteModules(manifest, remote);
    for (const module of routed) {
      if (!exposed.includes(module)) problems.push(`remote ${remote} does not expose ${module}, which a route renders`);
    }
    for (const module of exposed) {
      if (!routed.includes(module as ExposedModule)) problems.push(`remote ${remote} exposes ${module}, which no route renders`);
    }
  }
  return problems;
}

