import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas';
import type { HostPageName } from './host-pages';
import type { AppRouteHandle } from './route-handle';

/**
 * What a route shows: a remote's exposed module (`<remote>/<module>`, per the federation contract), a host page,
 * or the "not available in this version" panel for areas a later issue delivers (the i18n key names the area).
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

function can(name: string | undefined, action: AbilityAction, subject: AbilitySubject): AppRouteHandle {
  return { name, layout: 'default', access: 'auth', action, subject };
}

const NOT_AUTHORIZED: AppRouteHandle = { name: 'not-authorized', layout: 'blank', access: 'public' };
const NOT_FOUND: AppRouteHandle = { name: '$error', layout: 'blank', access: 'public' };
export const PROFILE_PATH = '/pages/user-profile';
/** §2: redirects to the account tab of the profile. */
export const ACCOUNT_SETTINGS_PATH = '/pages/account-settings';

const LEAD_FORM: RoutePage = { remote: 'remote_leads/lead-form-page' };
const DOCUMENT_LIST: RoutePage = { remote: 'remote_documents/document-list-page' };
const DOCUMENT_FORM: RoutePage = { remote: 'remote_documents/document-form-page' };
// Areas a later issue builds (docs/decisions/003): the route and its guard exist, the page says it is not available yet.

/** `/`: no page of its own, it only redirects (§2; the logic is in build-routes). */
export const ROOT_HANDLE: AppRouteHandle = { layout: 'blank', access: 'public' };

/** The route table of §2: every path, alias, name and required ability. */
export const ROUTES: RouteSpec[] = [
  // Blank layout.
  { path: 'login', handle: { name: 'login', layout: 'blank', access: 'guest' }, page: { host: 'login' } },
  {
    path: 'forgot-password',
    handle: { name: 'forgot-password', layout: 'blank', access: 'guest' },
    page: { host: 'forgotPassword' },
  },
  // The mailed reset link opens here (not in §2's table; signed-out visitors only, like forgot-password).
  {
    path: 'reset-password',
    handle: { name: 'reset-password', layout: 'blank', access: 'guest' },
    page: { host: 'resetPassword' },
  },
  { path: 'not-authorized', handle: NOT_AUTHORIZED, page: { host: 'notAuthorized' } },
  { path: 'pages/misc/not-authorized', handle: NOT_AUTHORIZED, page: { host: 'notAuthorized' } },
  // §2 `/:error(.*)` and its alias `/pages/misc/not-found/:error(.*)`.
  { path: '*', handle: NOT_FOUND, page: { host: 'notFound' } },
  { path: 'pages/misc/not-found/*', handle: NOT_FOUND, page: { host: 'notFound' } },

  // Profile: §2's two redirects land on one page with tabs.
  {
    path: 'pages/user-profile',
    handle: { layout: 'default', access: 'auth' },
    page: { host: 'profile' },
    redirect: (url) => (['profile', 'account'].includes(url.searchParams.get('tab') ?? '') ? null : `${PROFILE_PATH}?tab=profile`),
  },
  {
    path: 'pages/account-settings',
    handle: { layout: 'default', access: 'public' },
    redirect: () => `${PROFILE_PATH}?tab=account`,
  },

  // Leads (remote_leads). Both readings of the form routes (add and create) are supported (§2).
  { path: 'leads/list', handle: can('leads-list', 'view', 'lead'), page: { remote: 'remote_leads/leads-list-page' } },
  { path: 'leads/:id', handle: can('leads-id', 'view', 'lead'), page: { remote: 'remote_leads/lead-detail-page' } },
  {
    path: 'leads/add',
    handle: can('leads-add', 'create', 'lead'),
    page: LEAD_FORM,
    children: [{ path: 'LeadForm', handle: can('leads-add-lead-form', 'create', 'lead') }],
  },
  { path: 'leads/create', handle: can(undefined, 'create', 'lead'), page: LEAD_FORM },
  { path: 'leads/:id/edit', handle: can('lead-edit', 'create', 'lead'), page: LEAD_FORM },
  {
    path: 'lead-status/list',
    handle: can('lead-status-list', 'view', 'lead-status'),
    page: { remote: 'remote_leads/lead-status-list-page' },
    children: [
      {
        path: 'AddStatusDrawer',
        handle: can('lead-status-list-add-status-drawer', 'view', 'lead-status'),
        page: { remote: 'remote_leads/add-status-drawer' },
      },
    ],
  },

  // Documents (remote_documents). `:id` of /document/list/:id is a category id (§2).
  { path: 'document/list', handle: can('document-list', 'view', 'document'), page: DOCUMENT_LIST },
  { path: 'document/list/:id', handle: can('document-list-id', 'view', 'document'), page: DOCUMENT_LIST },
  {
    path: 'document/:idView',
    handle: can('document-id-view', 'view', 'document'),
    params: { idView: /^[^/]+-view$/ },
    page: { remote: 'remote_documents/document-view-page' },
  },
  {
    path: 'document/add',
    handle: can('document-add', 'create', 'document'),
    page: DOCUMENT_FORM,
    children: [{ path: 'Form', handle: can('document-add-form', 'view', 'document') }],
  },
  { path: 'document/create', handle: can(undefined, 'create', 'document'), page: DOCUMENT_FORM },
  { path: 'document/:id/edit', handle: can('document-edit', 'create', 'document'), page: DOCUMENT_FORM },
  {
    path: 'document-category/list',
    handle: can('document-category-list', 'view', 'document-category'),
    page: { remote: 'remote_documents/document-category-list-page' },
    children: [
      {
        path: 'AddDrawer',
        handle: can('document-category-list-add-drawer', 'view', 'document-category'),
        page: { remote: 'remote_documents/add-category-drawer' },
      },
    ],
  },

  // Administration (remote_admin).
  {
    path: 'comment-step/list',
    handle: can('comment-step-list', 'view', 'step'),
    page: { remote: 'remote_admin/comment-step-list-page' },
    children: [
      {
        path: 'AddStepDrawer',
        handle: can('comment-step-list-add-step-drawer', 'view', 'step'),
        page: { remote: 'remote_admin/add-step-drawer' },
      },
    ],
  },
  { path: 'apps/permissions', handle: can('apps-permissions', 'view', 'permissions'), page: { remote: 'remote_admin/permissions-page' } },
  // §2 does not show this route's permission; `view roles` is what GET /api/roles requires.
  { path: 'apps/roles', handle: can('apps-roles', 'view', 'roles'), page: { remote: 'remote_admin/roles-page' } },
  {
    path: 'white-ip/list',
    handle: can('white-ip-list', 'manage', 'all'),
    page: { remote: 'remote_admin/white-ip-list-page' },
    children: [
      {
        path: 'AddDrawer',
        handle: can('white-ip-list-add-drawer', 'manage', 'all'),
        page: { remote: 'remote_admin/add-white-ip-drawer' },
      },
    ],
  },
  // Not in §2: the audit log of issue 10, behind `view audit` (Admin has it through manage all).
  { path: 'audit-log', handle: can('audit-log', 'view', 'audit'), page: { remote: 'remote_admin/audit-log-page' } },
  // Not in §2: the users page (issue 10), guarded like GET /api/users/list.
  { path: 'apps/users', handle: can('apps-users', 'view', 'users'), page: { remote: 'remote_admin/users-page' } },
  { path: 'team', handle: can('team', 'view', 'team'), page: { remote: 'remote_admin/team-list-page' } },
  { path: 'team/create', handle: can('team-create', 'create', 'team'), page: { remote: 'remote_admin/team-form-page' } },
  {
    path: 'team/:idEdit',
    handle: can('team-id-edit', 'edit', 'team'),
    params: { idEdit: /^[^/]+-edit$/ },
    page: { remote: 'remote_admin/team-form-page' },
  },
];

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
