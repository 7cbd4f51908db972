import { matchRoutes, type RouteObject } from '@crm/shared/router';
import { REMOTE_SCOPES, ROUTE_MANIFEST } from '@crm/shared/routes';
import { flattenRoutes } from '@crm/shared/routes/derive';
import { buildRoutes } from './build-routes';
import type { AppRouteHandle } from './route-handle';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

describe('route table', () => {
  const handleAt = (path: string) => {
    const matches = matchRoutes(buildRoutes(), path);
    return matches?.[matches.length - 1].route.handle as AppRouteHandle | undefined;
  };

  // Every row of the spec's route table that carries a name or an ability: path → [name, action, subject].
  const table: [string, string | undefined, string | undefined, string | undefined][] = [
    ['/login', 'login', undefined, undefined],
    ['/forgot-password', 'forgot-password', undefined, undefined],
    ['/not-authorized', 'not-authorized', undefined, undefined],
    ['/pages/misc/not-authorized', 'not-authorized', undefined, undefined],
    ['/some/unknown/path', '$error', undefined, undefined],
    ['/pages/misc/not-found/anything/here', '$error', undefined, undefined],
    ['/leads/list', 'leads-list', 'view', 'lead'],
    ['/leads/12', 'leads-id', 'view', 'lead'],
    ['/leads/add', 'leads-add', 'create', 'lead'],
    ['/leads/add/LeadForm', 'leads-add-lead-form', 'create', 'lead'],
    ['/leads/create', undefined, 'create', 'lead'],
    ['/leads/12/edit', 'lead-edit', 'create', 'lead'],
    ['/lead-status/list', 'lead-status-list', 'view', 'lead-status'],
    ['/lead-status/list/AddStatusDrawer', 'lead-status-list-add-status-drawer', 'create', 'lead-status'],
    ['/document/list', 'document-list', 'view', 'document'],
    ['/document/list/3', 'document-list-id', 'view', 'document'],
    ['/document/12-view', 'document-id-view', 'view', 'document'],
    ['/document/add', 'document-add', 'create', 'document'],
    ['/document/add/Form', 'document-add-form', 'create', 'document'],
    ['/document/create', undefined, 'create', 'document'],
    ['/document/12/edit', 'document-edit', 'create', 'document'],
    ['/document-category/list', 'document-category-list', 'view', 'document-category'],
    ['/document-category/list/AddDrawer', 'document-category-list-add-drawer', 'create', 'document-category'],
    ['/comment-step/list', 'comment-step-list', 'view', 'step'],
    ['/comment-step/list/AddStepDrawer', 'comment-step-list-add-step-drawer', 'create', 'step'],
    ['/team', 'team', 'view', 'team'],
    ['/team/create', 'team-create', 'create', 'team'],
    ['/team/7-edit', 'team-id-edit', 'edit', 'team'],
    ['/white-ip/list', 'white-ip-list', 'manage', 'all'],
    ['/white-ip/list/AddDrawer', 'white-ip-list-add-drawer', 'manage', 'all'],
    ['/apps/permissions', 'apps-permissions', 'view', 'permissions'],
    ['/apps/roles', 'apps-roles', 'view', 'roles'],
    ['/audit-log', 'audit-log', 'view', 'audit'],
    ['/apps/users', 'apps-users', 'view', 'users'],
    ['/admin/remotes', 'admin-remotes', 'manage', 'remotes'],
    ['/admin/webhooks', 'admin-webhooks', 'manage', 'webhooks'],
  ];

  test.each(table)('%s is named %s and needs %s %s', (path, name, action, subject) => {
    const handle = handleAt(path);
    expect(handle).toBeDefined();
    expect(handle?.name).toBe(name);
    expect(handle?.action).toBe(action);
    expect(handle?.subject).toBe(subject);
    expect(handle?.access).toBe(action ? 'auth' : ['/login', '/forgot-password'].includes(path) ? 'guest' : 'public');
  });
});

describe('pages per the federation contract', () => {
  const moduleAt = (path: string) => {
    const matches = matchRoutes(buildRoutes(), path) ?? [];
    const specs = matches.map((m) => m.route.element as { props?: { module?: string } } | undefined);
    return specs.map((element) => element?.props?.module).filter(Boolean).pop();
  };

  test.each([
    ['/leads/list', 'remote_leads/leads-list-page'],
    ['/leads/12', 'remote_leads/lead-detail-page'],
    ['/leads/add', 'remote_leads/lead-form-page'],
    ['/leads/add/LeadForm', 'remote_leads/lead-form-page'],
    ['/leads/create', 'remote_leads/lead-form-page'],
    ['/leads/12/edit', 'remote_leads/lead-form-page'],
    ['/lead-status/list', 'remote_leads/lead-status-list-page'],
    ['/lead-status/list/AddStatusDrawer', 'remote_leads/add-status-drawer'],
    ['/document/list', 'remote_documents/document-list-page'],
    ['/document/list/3', 'remote_documents/document-list-page'],
    ['/document/12-view', 'remote_documents/document-view-page'],
    ['/document/add', 'remote_documents/document-form-page'],
    ['/document/add/Form', 'remote_documents/document-form-page'],
    ['/document/create', 'remote_documents/document-form-page'],
    ['/document/12/edit', 'remote_documents/document-form-page'],
    ['/document-category/list', 'remote_documents/document-category-list-page'],
    ['/document-category/list/AddDrawer', 'remote_documents/add-category-drawer'],
    ['/comment-step/list', 'remote_admin/comment-step-list-page'],
    ['/comment-step/list/AddStepDrawer', 'remote_admin/add-step-drawer'],
    ['/apps/permissions', 'remote_admin/permissions-page'],
    ['/apps/roles', 'remote_admin/roles-page'],
    ['/white-ip/list', 'remote_admin/white-ip-list-page'],
    ['/white-ip/list/AddDrawer', 'remote_admin/add-white-ip-drawer'],
    ['/audit-log', 'remote_admin/audit-log-page'],
    ['/apps/users', 'remote_admin/users-page'],
    ['/team', 'remote_admin/team-list-page'],
    ['/team/create', 'remote_admin/team-form-page'],
    ['/team/7-edit', 'remote_admin/team-form-page'],
    ['/admin/remotes', 'remote_admin/remotes-page'],
    ['/admin/webhooks', 'remote_admin/webhooks-page'],
  ])('%s mounts %s', (path, module) => {
    expect(moduleAt(path)).toBe(module);
  });
});

describe('the route table is shared/src/routes', () => {
  test('the router serves every path of the manifest and no other, each drawing the module the manifest names', () => {
    type Served = { path: string; module?: string };
    const walk = (routes: RouteObject[], prefix: string): Served[] =>
      routes.flatMap((route) => {
        const path = route.path === undefined ? prefix : `${prefix}/${route.path}`.replace(/\/+/g, '/');
        const module = (route.element as { props?: { module?: string } } | null | undefined)?.props?.module;
        const own: Served[] = route.path === undefined ? [] : [{ path, ...(module ? { module } : {}) }];
        return [...own, ...walk(route.children ?? [], path)];
      });
    const manifest = flattenRoutes(ROUTE_MANIFEST).map((route): Served => {
      const page = route.entries.at(-1)?.page;
      return { path: route.path, ...(page && 'remote' in page ? { module: `${REMOTE_SCOPES[page.remote]}/${page.module.slice(2)}` } : {}) };
    });
    expect(walk(buildRoutes(), '')).toEqual(expect.arrayContaining(manifest));
    expect(walk(buildRoutes(), '')).toHaveLength(manifest.length);
  });
});
