// The route table, once, so the copies cannot drift: the host's routes, each remote's standalone routes, each remote's
// webpack `exposes` and the API's preload table are derived from it. Plain data and pure functions only, so the API
// and the remotes' webpack configs (CJS, loaded by Node's own type stripping) can import it too: no runtime import, no
// enum, no React, no zod — a relative import here would need a `.ts` extension Node could load. What derives from the
// table is in ./derive (`@crm/shared/routes/derive`), apart: a shared module keeps every export, and the host needs
// only this.
import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas/mini';

/** Each remote and its federation scope (the `name` in its webpack config, the `<scope>/<module>` the host loads). */
export const REMOTE_SCOPES = {
  leads: 'remote_leads',
  documents: 'remote_documents',
  admin: 'remote_admin',
} as const;
export type RemoteName = keyof typeof REMOTE_SCOPES;
export const REMOTE_NAMES = Object.keys(REMOTE_SCOPES) as RemoteName[];

/** An exposed module, as the federation contract names it (`./leads-list-page`). */
export type ExposedModule = `./${string}`;

/** What a route shows: a remote's exposed module or a page the host owns (named here, mapped in host-pages.tsx). */
export type RoutePageRef = { readonly remote: RemoteName; readonly module: ExposedModule } | { readonly host: string };

export interface RouteManifestEntry {
  /** Relative to the app root (or to the parent for a child), react-router 7 syntax. */
  readonly path: string;
  /** Other paths that open the same route (same name, guard and page). */
  readonly aliases?: readonly string[];
  /** The spec's route name; none where the spec gives none. */
  readonly name?: string;
  /** Open to all, signed-out visitors only, or signed in (with `ability` when one is required). */
  readonly access: 'public' | 'guest' | 'auth';
  readonly ability?: { readonly action: AbilityAction; readonly subject: AbilitySubject };
  readonly layout: 'blank' | 'default';
  /** Without one the route draws nothing itself (a redirect, or a child such as `/leads/add/LeadForm`). */
  readonly page?: RoutePageRef;
  /**
   * react-router 7 has no inline regex (`/document/:id-view`): a whole segment is captured and must match this
   * pattern (a RegExp source), otherwise the path counts as unknown (404).
   */
  readonly params?: Readonly<Record<string, string>>;
  readonly children?: readonly RouteManifestEntry[];
}

const can = (name: string | undefined, action: AbilityAction, subject: AbilitySubject) =>
  ({ ...(name === undefined ? {} : { name }), access: 'auth', ability: { action, subject }, layout: 'default' }) as const;

const remote = <R extends RemoteName, M extends ExposedModule>(name: R, module: M) => ({ remote: name, module }) as const;

/** The spec's route table: every path, alias, name, required ability, layout and page. */
export const ROUTE_MANIFEST = [
  // Blank layout.
  { path: 'login', name: 'login', access: 'guest', layout: 'blank', page: { host: 'login' } },
  { path: 'forgot-password', name: 'forgot-password', access: 'guest', layout: 'blank', page: { host: 'forgotPassword' } },
  // The mailed reset link opens here (not in the spec's route table; signed-out visitors only, like forgot-password).
  { path: 'reset-password', name: 'reset-password', access: 'guest', layout: 'blank', page: { host: 'resetPassword' } },
  {
    path: 'not-authorized',
    aliases: ['pages/misc/not-authorized'],
    name: 'not-authorized',
    access: 'public',
    layout: 'blank',
    page: { host: 'notAuthorized' },
  },
  // The spec's catch-all `/:error(.*)` and its alias `/pages/misc/not-found/:error(.*)`.
  { path: '*', aliases: ['pages/misc/not-found/*'], name: '$error', access: 'public', layout: 'blank', page: { host: 'notFound' } },

  // Profile: the spec's two redirects land on one page with tabs (the host attaches the redirects by path).
  { path: 'pages/user-profile', access: 'auth', layout: 'default', page: { host: 'profile' } },
  { path: 'pages/account-settings', access: 'public', layout: 'default' },

  // Not in the product's route table: the dashboard of issue 23 (docs/decisions/076), in remote_leads since it reads leads.
  { path: 'dashboard', ...can('dashboard', 'view', 'dashboard'), page: remote('leads', './dashboard-page') },
  // Leads (remote_leads). Both readings of the form routes (add and create) are supported.
  { path: 'leads/list', ...can('leads-list', 'view', 'lead'), page: remote('leads', './leads-list-page') },
  { path: 'leads/:id', ...can('leads-id', 'view', 'lead'), page: remote('leads', './lead-detail-page') },
  {
    path: 'leads/add',
    ...can('leads-add', 'create', 'lead'),
    page: remote('leads', './lead-form-page'),
    children: [{ path: 'LeadForm', ...can('leads-add-lead-form', 'create', 'lead') }],
  },
  { path: 'leads/create', ...can(undefined, 'create', 'lead'), page: remote('leads', './lead-form-page') },
  // Not in the product's route table: "Мой день", the caller's tasks (issue 23, docs/decisions/074), with the leads.
  { path: 'tasks', ...can('tasks', 'view', 'lead'), page: remote('leads', './my-day-page') },
  // The form's routes ask for `create lead` in edit mode too, as the product's route table does; saving an edit is
  // `edit lead`, which the API enforces, so the form offers edit only to those holding both.
  { path: 'leads/:id/edit', ...can('lead-edit', 'create', 'lead'), page: remote('leads', './lead-form-page') },
  {
    path: 'lead-status/list',
    ...can('lead-status-list', 'view', 'lead-status'),
    page: remote('leads', './lead-status-list-page'),
    // The spec names the drawers but not their ability: an add drawer asks for what saving it needs, so a viewer
    // reaching it by URL is refused before filling a form the API would reject.
    children: [
      {
        path: 'AddStatusDrawer',
        ...can('lead-status-list-add-status-drawer', 'create', 'lead-status'),
        page: remote('leads', './add-status-drawer'),
      },
    ],
  },

  // Documents (remote_documents). `:id` of /document/list/:id is a category id.
  { path: 'document/list', ...can('document-list', 'view', 'document'), page: remote('documents', './document-list-page') },
  {
    path: 'document/list/:id',
    ...can('document-list-id', 'view', 'document'),
    page: remote('documents', './document-list-page'),
  },
  {
    path: 'document/:idView',
    ...can('document-id-view', 'view', 'document'),
    params: { idView: '^[^/]+-view$' },
    page: remote('documents', './document-view-page'),
  },
  {
    path: 'document/add',
    ...can('document-add', 'create', 'document'),
    page: remote('documents', './document-form-page'),
    children: [{ path: 'Form', ...can('document-add-form', 'create', 'document') }],
  },
  { path: 'document/create', ...can(undefined, 'create', 'document'), page: remote('documents', './document-form-page') },
  // As for leads: the route asks for `create document`; saving needs `edit document`, enforced by the API.
  { path: 'document/:id/edit', ...can('document-edit', 'create', 'document'), page: remote('documents', './document-form-page') },
  {
    path: 'document-category/list',
    ...can('document-category-list', 'view', 'document-category'),
    page: remote('documents', './document-category-list-page'),
    children: [
      {
        path: 'AddDrawer',
        ...can('document-category-list-add-drawer', 'create', 'document-category'),
        page: remote('documents', './add-category-drawer'),
      },
    ],
  },

  // Administration (remote_admin).
  {
    path: 'comment-step/list',
    ...can('comment-step-list', 'view', 'step'),
    page: remote('admin', './comment-step-list-page'),
    children: [
      {
        path: 'AddStepDrawer',
        ...can('comment-step-list-add-step-drawer', 'create', 'step'),
        page: remote('admin', './add-step-drawer'),
      },
    ],
  },
  { path: 'apps/permissions', ...can('apps-permissions', 'view', 'permissions'), page: remote('admin', './permissions-page') },
  // The spec's route table does not show this route's permission; `view roles` is what GET /api/roles requires.
  { path: 'apps/roles', ...can('apps-roles', 'view', 'roles'), page: remote('admin', './roles-page') },
  {
    path: 'white-ip/list',
    ...can('white-ip-list', 'manage', 'all'),
    page: remote('admin', './white-ip-list-page'),
    children: [
      { path: 'AddDrawer', ...can('white-ip-list-add-drawer', 'manage', 'all'), page: remote('admin', './add-white-ip-drawer') },
    ],
  },
  // Not in the spec's route table: the audit log of issue 10, behind `view audit` (Admin has it through manage all).
  { path: 'audit-log', ...can('audit-log', 'view', 'audit'), page: remote('admin', './audit-log-page') },
  // Not in the spec's route table: the users page (issue 10), guarded like GET /api/users/list.
  { path: 'apps/users', ...can('apps-users', 'view', 'users'), page: remote('admin', './users-page') },
  // Not in the product's route table: the remote registry's page (docs/decisions/052, 058), behind `manage remotes`.
  { path: 'admin/remotes', ...can('admin-remotes', 'manage', 'remotes'), page: remote('admin', './remotes-page') },
  // Not in the product's route table: outgoing webhooks (docs/decisions/070), behind `manage webhooks`.
  { path: 'admin/webhooks', ...can('admin-webhooks', 'manage', 'webhooks'), page: remote('admin', './webhooks-page') },
  { path: 'team', ...can('team', 'view', 'team'), page: remote('admin', './team-list-page') },
  { path: 'team/create', ...can('team-create', 'create', 'team'), page: remote('admin', './team-form-page') },
  {
    path: 'team/:idEdit',
    ...can('team-id-edit', 'edit', 'team'),
    params: { idEdit: '^[^/]+-edit$' },
    page: remote('admin', './team-form-page'),
  },
] as const satisfies readonly RouteManifestEntry[];

/** A top-level path of the table (the host attaches its redirects by path). */
export type ManifestPath = (typeof ROUTE_MANIFEST)[number]['path'];
/** A host page the table names; the host maps each to a component. */
export type ManifestHostPage = Extract<(typeof ROUTE_MANIFEST)[number], { page: { host: string } }>['page']['host'];

type TopEntry = (typeof ROUTE_MANIFEST)[number];
type ChildEntry = Extract<TopEntry, { children: readonly unknown[] }>['children'][number];
/** The modules the table has `remote` render (children included): what its standalone shell must map to components. */
export type RemoteModule<R extends RemoteName> = Extract<TopEntry | ChildEntry, { page: { remote: R } }>['page']['module'];
