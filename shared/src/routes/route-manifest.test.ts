import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, REMOTE_SCOPES, ROUTE_MANIFEST, type RemoteName, type RouteManifestEntry } from '.';
import { flattenRoutes, remoteExposes, routeDrift } from './derive';

const root = path.resolve(__dirname, '../../..');

/** A remote's `exposes` and federation name as webpack sees them: its config run as `webpack --mode production` runs it. */
function federationOptions(remote: RemoteName): { name: string; exposes: Record<string, string> } {
  const config = require(path.join(root, `remote-${remote}`, 'webpack.config.cjs')) as (
    env: unknown,
    argv: { mode: string },
  ) => unknown;
  const configs = [config(undefined, { mode: 'production' })].flat() as Array<{ plugins?: object[] }>;
  const federation = configs
    .flatMap((c) => c.plugins ?? [])
    .find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin') as { _options: { name: string; exposes: Record<string, string> } };
  return federation._options;
}

describe('the route manifest', () => {
  test("every route's module is exposed by its remote, and every exposed module is drawn by a route", () => {
    const exposes = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, federationOptions(remote).exposes])) as Record<
      RemoteName,
      Record<string, string>
    >;
    expect(routeDrift(ROUTE_MANIFEST, exposes)).toEqual([]);
    for (const remote of REMOTE_NAMES) expect(federationOptions(remote).name).toBe(REMOTE_SCOPES[remote]);
  });

  test("every page file in a remote's src/app/exposed is exposed, and every exposed file is there", () => {
    for (const remote of REMOTE_NAMES) {
      const dir = path.join(root, `remote-${remote}`, 'src/app/exposed');
      const files = readdirSync(dir)
        .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
        .map((file) => `./src/app/exposed/${file}`)
        .sort();
      expect(Object.values(federationOptions(remote).exposes).sort()).toEqual(files);
    }
  });

  test('a drifted copy fails: a module no route draws, a routed module not exposed', () => {
    const leads = remoteExposes(ROUTE_MANIFEST, 'leads');
    const exposes = { leads, documents: remoteExposes(ROUTE_MANIFEST, 'documents'), admin: remoteExposes(ROUTE_MANIFEST, 'admin') };
    // A remote exposing a page the table forgot.
    expect(routeDrift(ROUTE_MANIFEST, { ...exposes, leads: { ...leads, './lead-kanban-page': './src/app/exposed/lead-kanban-page.tsx' } })).toEqual([
      'remote leads exposes ./lead-kanban-page, which no route renders',
    ]);
    // A route whose page its remote does not expose (here: the remote's config lost it).
    const { './add-status-drawer': _dropped, ...withoutDrawer } = leads;
    expect(routeDrift(ROUTE_MANIFEST, { ...exposes, leads: withoutDrawer })).toEqual([
      'remote leads does not expose ./add-status-drawer, which a route renders',
    ]);
    // A table that points a route at a module nobody exposes.
    const renamed: RouteManifestEntry[] = [...ROUTE_MANIFEST, { path: 'leads/board', access: 'auth', layout: 'default', page: { remote: 'admin', module: './board-page' } }];
    expect(routeDrift(renamed, exposes)).toEqual(['remote admin does not expose ./board-page, which a route renders']);
  });

  test('every path and every route name is in the table once', () => {
    const paths = flattenRoutes(ROUTE_MANIFEST).map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    // An alias shares its route's name; two routes never do (the navigation finds routes by name).
    const walk = (entries: readonly RouteManifestEntry[]): string[] =>
      entries.flatMap((entry) => [...(entry.name ? [entry.name] : []), ...walk(entry.children ?? [])]);
    const names = walk(ROUTE_MANIFEST);
    expect(new Set(names).size).toBe(names.length);
    expect(paths).toEqual(expect.arrayContaining(['/leads/add/leadform', '/pages/misc/not-found/*', '/pages/misc/not-authorized']));
  });
});
