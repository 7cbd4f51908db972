import type { RouteObject } from '@crm/shared/router';
import { ROUTE_MANIFEST } from '@crm/shared/routes';
import { flattenRoutes, pagesOf } from '@crm/shared/routes/derive';
import { standaloneRoutes } from './standalone-routes';

const Page = (name: string) => Object.assign(() => null, { displayName: name });

/** Every path of a route list with the component it draws (children joined to their parent). */
function served(routes: RouteObject[], prefix = ''): Array<[string, string | null]> {
  return routes.flatMap((route) => {
    const path = `${prefix}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const element = route.element as { type?: { displayName?: string } } | null;
    return [[path, element?.type?.displayName ?? null] as [string, string | null], ...served(route.children ?? [], path)];
  });
}

describe('standaloneRoutes', () => {
  test("a remote's shell serves the host's paths of its pages, each with the component its module maps to", () => {
    const routes = standaloneRoutes(
      'leads',
      {
        './leads-list-page': Page('list'),
        './lead-detail-page': Page('detail'),
        './lead-form-page': Page('form'),
        './lead-status-list-page': Page('statuses'),
        './add-status-drawer': Page('drawer'),
        './my-day-page': Page('my-day'),
        './dashboard-page': Page('dashboard'),
      },
      { '/leads/list': 'Лиды' },
    );
    const hostPaths = flattenRoutes(ROUTE_MANIFEST)
      .filter((route) => pagesOf(route)[0]?.remote === 'leads')
      .map((route) => route.path);
    expect(served(routes).map(([path]) => path).sort()).toEqual(hostPaths.sort());
    expect(served(routes)).toEqual(
      expect.arrayContaining([
        ['/leads/list', 'list'],
        ['/leads/:id/edit', 'form'],
        ['/leads/add/LeadForm', null],
        ['/lead-status/list/AddStatusDrawer', 'drawer'],
        ['/tasks', 'my-day'],
        ['/dashboard', 'dashboard'],
      ]),
    );
    // Only titled routes are listed in the shell's nav.
    expect(routes.filter((route) => route.handle).map((route) => [route.path, route.handle])).toEqual([['/leads/list', { title: 'Лиды' }]]);
  });
});
