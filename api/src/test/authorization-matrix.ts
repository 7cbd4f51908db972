import type { AbilityAction, AbilityRule, AbilitySubject } from '@crm/shared/schemas';

/**
 * Who may call each route of the API: the contract `authorization-matrix.test.ts` checks against the route table
 * Fastify builds. A route missing here fails that test, so a new route cannot ship without saying who may call it.
 */
export type Access =
  | { kind: 'public' }
  /**
   * Any signed-in user. An API key is refused (403) unless `apiKeys` is true: keys reach the ability routes their
   * scopes grant, and only the signed-in routes that say so (docs/decisions/072, lib/api-key-reach.ts).
   */
  | { kind: 'signed-in'; apiKeys?: boolean }
  /**
   * Only a request signed with a server secret passes, never a bearer token: the Pusher HTTP API of the embedded
   * realtime endpoint, and the expiring file URLs.
   */
  | { kind: 'signed' }
  /**
   * Only the bearer of METRICS_TOKEN (GET /metrics, scraped by Prometheus): no user's token passes, whatever its role;
   * open to every address (docs/decisions/050).
   */
  | { kind: 'metrics-token' }
  /**
   * 403 unless the role grants at least one of the pairs; for an API key, unless its scopes do too (and its owner's
   * role). `apiKeys: false`: no key may call it, whatever its scopes.
   */
  | { kind: 'ability'; pairs: [AbilityAction, AbilitySubject][]; scope?: LeadScopeCase; apiKeys?: false }
  /** 403 unless the role grants every one of the pairs (each alone is refused too); for an API key, its scopes too. */
  | { kind: 'abilities'; pairs: [AbilityAction, AbilitySubject][] };

/**
 * The route names one lead (`:id`), so a caller holding the ability still gets 404 for a lead outside their lead
 * scope. `body` builds a request that passes validation, so the scope check is what answers.
 */
export interface LeadScopeCase {
  body?: (fixtures: ScopeFixtures) => unknown;
}

/** What a scope case's body may refer to: rows created for each route. */
export interface ScopeFixtures {
  statusId: number;
  stepId: number;
  /** The version of the lead the request names. */
  version: number;
  phone: string;
}

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
/** Signed in, and an API key may call it too. */
export const SIGNED_IN_OR_KEY: Access = { kind: 'signed-in', apiKeys: true };
export const SIGNED: Access = { kind: 'signed' };
export const METRICS_TOKEN: Access = { kind: 'metrics-token' };
export const can = (action: AbilityAction, subject: AbilitySubject): Access => ({ kind: 'ability', pairs: [[action, subject]] });
export const canAny = (...pairs: [AbilityAction, AbilitySubject][]): Access => ({ kind: 'ability', pairs });
/** `manage api-keys`, and no API key may call it whatever its scopes (a key would mint keys that outlive it). */
const NO_KEY_MANAGES_KEYS: Access = { kind: 'ability', pairs: [['manage', 'api-keys']], apiKeys: false };
export const canAll = (...pairs: [AbilityAction, AbilitySubject][]): Access => ({ kind: 'abilities', pairs });
export const canInScope = (action: AbilityAction, subject: AbilitySubject, scope: LeadScopeCase = {}): Access => ({
  kind: 'ability',
  pairs: [[action, subject]],
  scope,
});

const leadBody = ({ statusId, version, phone }: ScopeFixtures) => ({
  surname: 'Проверкин',
  firstname: 'Пётр',
  patronymic: '',
  phone,
  status_id: statusId,
  users: [],
  additional_info: '',
  version,
});

/** `METHOD /url` → access. HEAD routes follow their GET unless listed. */
export const AUTHORIZATION_MATRIX: Record<string, Access> = {
  // API docs (API_DOCS=public in tests; `auth` mode is covered by swagger.test.ts)
  'GET /api/docs': PUBLIC,
  'HEAD /api/docs/': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/monitoring/config': PUBLIC,
  'GET /metrics': METRICS_TOKEN,
  // auth
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': SIGNED_IN,
  'GET /api/auth/me': SIGNED_IN_OR_KEY,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'POST /api/auth/change-password': SIGNED_IN,
  // Single sign-on (decision 073): the browser before it has a session, and the SPA exchanging its one-time code.
  'GET /api/auth/oidc/start': PUBLIC,
  'GET /api/auth/oidc/callback': PUBLIC,
  'POST /api/auth/oidc/exchange': PUBLIC,
  // the second factor of a sign-in: the password step's challenge stands in for a token (decision 071)
  'POST /api/auth/login/two-factor': PUBLIC,
  'POST /api/auth/login/two-factor/setup': PUBLIC,
  'POST /api/auth/login/two-factor/confirm': PUBLIC,
  // global search: signed in; each group is filtered by its own ability inside (search-routes.test.ts)
  'GET /api/search': SIGNED_IN_OR_KEY,
  // the caller's own account (decision 042): never another user's
  'GET /api/me/profile': SIGNED_IN,
  'PATCH /api/me/profile': SIGNED_IN,
  'POST /api/me/avatar': SIGNED_IN,
  'DELETE /api/me/avatar': SIGNED_IN,
  'GET /api/avatars/:name': PUBLIC,
  'GET /api/me/sessions': SIGNED_IN,
  'POST /api/me/sessions/revoke-others': SIGNED_IN,
  'DELETE /api/me/sessions/:id': SIGNED_IN,
  'GET /api/me/shortcuts': SIGNED_IN,
  'PUT /api/me/shortcuts': SIGNED_IN,
  // The caller's own API keys (decision 072): never managed with a key
  'GET /api/me/api-keys': NO_KEY_MANAGES_KEYS,
  'POST /api/me/api-keys': NO_KEY_MANAGES_KEYS,
  'DELETE /api/me/api-keys/:id': NO_KEY_MANAGES_KEYS,
  'GET /api/me/two-factor': SIGNED_IN,
  'POST /api/me/two-factor/setup': SIGNED_IN,
  'POST /api/me/two-factor/confirm': SIGNED_IN,
  'POST /api/me/two-factor/recovery-codes': SIGNED_IN,
  'POST /api/me/two-factor/disable': SIGNED_IN,
  // users
  'GET /api/users': can('view', 'users'),
  'GET /api/users/list': can('view', 'users'),
  'GET /api/users/:id': can('view', 'users'),
  'POST /api/users': can('manage', 'users'),
  'PUT /api/users/:id': can('manage', 'users'),
  'POST /api/users/:id/status': can('manage', 'users'),
  'POST /api/users/:id/password-reset': can('manage', 'users'),
  'DELETE /api/users/:id/two-factor': can('manage', 'users'),
  // lead statuses
  'GET /api/lead-status': can('view', 'lead-status'),
  'POST /api/lead-status': can('create', 'lead-status'),
  'PUT /api/lead-status/:id': can('edit', 'lead-status'),
  'POST /api/lead-status/reorder': can('edit', 'lead-status'),
  'DELETE /api/lead-status/:id/delete': can('delete', 'lead-status'),
  // leads
  'GET /api/leads': can('view', 'lead'),
  'POST /api/leads': can('create', 'lead'),
  // Then `edit lead` or `delete lead` by the body's action (lead-routes.test.ts); out-of-scope ids are skipped, not 404.
  'POST /api/leads/bulk': can('view', 'lead'),
  'GET /api/leads/favorite/:id': canInScope('view', 'lead'),
  'POST /api/leads/status/:id': canInScope('edit', 'lead', { body: (f) => ({ status_id: f.statusId }) }),
  'GET /api/leads/:id': canInScope('view', 'lead'),
  'POST /api/leads/:id': canInScope('edit', 'lead', { body: leadBody }),
  'DELETE /api/leads/:id': canInScope('delete', 'lead'),
  'GET /api/leads/:id/assign/:userId': canInScope('assign', 'lead'),
  'GET /api/leads/assignees': can('assign', 'lead'),
  'GET /api/leads/phone-duplicates': can('view', 'lead'),
  // a merge rewrites one lead and deletes the other (docs/decisions/075); scope: lead-merge-routes.test.ts
  'POST /api/leads/merge': canAll(['edit', 'lead'], ['delete', 'lead']),
  'GET /api/leads/duplicates': canAll(['edit', 'lead'], ['delete', 'lead']),
  'GET /api/leads/:id/history': canInScope('view', 'lead'),
  'GET /api/leads/:id/comments': canInScope('view', 'lead'),
  'POST /api/leads/:id/comments': canInScope('view', 'lead', { body: (f) => ({ step_id: f.stepId, body: 'Проверка' }) }),
  'PUT /api/leads/:id/comments/:commentId': canInScope('view', 'lead', { body: (f) => ({ step_id: f.stepId, body: 'Правка' }) }),
  'DELETE /api/leads/:id/comments/:commentId': canInScope('view', 'lead'),
  'GET /api/leads/export': can('view', 'lead'),
  'POST /api/leads/import/preview': can('create', 'lead'),
  'POST /api/leads/import': can('create', 'lead'),
  'GET /api/leads/import/:id': can('create', 'lead'),
  'GET /api/leads/import/:id/report': can('create', 'lead'),
  // Tasks (decision 074): whoever views leads; a lead's tasks within the lead scope, a task outside it answers 404
  'GET /api/leads/:id/tasks': canInScope('view', 'lead'),
  'POST /api/leads/:id/tasks': canInScope('view', 'lead', { body: () => ({ title: 'Перезвонить', due_at: '2030-01-01T10:00:00+03:00' }) }),
  'GET /api/tasks': can('view', 'lead'),
  'GET /api/tasks/summary': can('view', 'lead'),
  'POST /api/tasks': can('view', 'lead'),
  'GET /api/tasks/:id': can('view', 'lead'),
  'PATCH /api/tasks/:id': can('view', 'lead'),
  'DELETE /api/tasks/:id': can('view', 'lead'),
  'GET /api/account/calendar-token': can('view', 'lead'),
  'POST /api/account/calendar-token': can('view', 'lead'),
  'DELETE /api/account/calendar-token': can('view', 'lead'),
  // The secret in the URL is the credential: a phone's calendar sends no bearer token
  'GET /api/tasks/calendar/:file': PUBLIC,
  // Saved views of the leads list (decision 077): whoever views leads; sharing one (team, everyone) also needs
  // manage saved-views, checked inside the service (saved-view-routes.test.ts)
  'GET /api/saved-views': can('view', 'lead'),
  'POST /api/saved-views': can('view', 'lead'),
  'GET /api/saved-views/:id': can('view', 'lead'),
  'PATCH /api/saved-views/:id': can('view', 'lead'),
  'DELETE /api/saved-views/:id': can('view', 'lead'),
  // uploads: <img> tags cannot send a token, so reading is public (names are 128-bit random)
  'POST /api/upload': canAny(['create', 'lead'], ['edit', 'lead'], ['edit', 'document']),
  'GET /api/uploads/:name': PUBLIC,
  // documents
  'GET /api/document-category': can('view', 'document-category'),
  'POST /api/document-category': can('create', 'document-category'),
  'DELETE /api/document-category/:id': can('delete', 'document-category'),
  'PUT /api/document-category/:id': can('edit', 'document-category'),
  'POST /api/document-category/reorder': can('edit', 'document-category'),
  'GET /api/document': can('view', 'document'),
  'POST /api/document': can('create', 'document'),
  'GET /api/document/:id': can('view', 'document'),
  'PUT /api/document/:id': can('edit', 'document'),
  'DELETE /api/document/:id': can('delete', 'document'),
  'POST /api/document/add-media': can('edit', 'document'),
  'GET /api/document/remove-media/:fileId': can('edit', 'document'),
  // A signed, expiring URL is the credential (decision 019): <img>, frames and downloads send no bearer header
  'GET /api/files/:key/:name': SIGNED,
  // comment steps
  'GET /api/comment-steps': can('view', 'step'),
  'POST /api/comment-steps': can('create', 'step'),
  'DELETE /api/comment-steps/:id': can('delete', 'step'),
  'PUT /api/comment-steps/order': can('edit', 'step'),
  'PATCH /api/comment-steps/:id': can('edit', 'step'),
  // IP allow-list (manage all only) and the audit log (decision 026)
  'GET /api/white-ips': can('manage', 'all'),
  'POST /api/white-ips': can('manage', 'all'),
  'PUT /api/white-ips/:id': can('manage', 'all'),
  'DELETE /api/white-ips/:id': can('manage', 'all'),
  'GET /api/audit-log': can('view', 'audit'),
  // The remote registry (decision 052)
  'GET /api/remotes': can('manage', 'remotes'),
  'PUT /api/remotes/:name': can('manage', 'remotes'),
  'POST /api/remotes/:name/rollback': can('manage', 'remotes'),
  // Any signed-in page reports that it could not load a remote; only the list (manage remotes) reads the reports.
  'POST /api/remotes/:name/load-errors': SIGNED_IN,
  // The dashboard (decision 076): every seeded role holds `view dashboard`; the figures stay within the lead scope
  'GET /api/dashboard': can('view', 'dashboard'),
  // Outgoing webhooks (decision 070)
  'GET /api/webhooks': can('manage', 'webhooks'),
  'POST /api/webhooks': can('manage', 'webhooks'),
  'GET /api/webhooks/:id': can('manage', 'webhooks'),
  'PATCH /api/webhooks/:id': can('manage', 'webhooks'),
  'DELETE /api/webhooks/:id': can('manage', 'webhooks'),
  'POST /api/webhooks/:id/test': can('manage', 'webhooks'),
  'GET /api/webhooks/:id/deliveries': can('manage', 'webhooks'),
  // Realtime (issue 11): channel auth decides per channel inside the route (broadcasting tests); notifications are the caller's own
  'POST /api/broadcasting/auth': SIGNED_IN,
  'POST /api/broadcasting/user-auth': SIGNED_IN,
  'POST /broadcasting/user-auth': SIGNED_IN,
  // The public app key and where to connect: what any Pusher client page carries
  'GET /api/realtime/config': PUBLIC,
  'POST /apps/:appId/events': SIGNED,
  'POST /apps/:appId/batch_events': SIGNED,
  'GET /apps/:appId/channels/:channel/users': SIGNED,
  'GET /api/notifications': SIGNED_IN,
  'GET /api/notifications/unread-count': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN,
  'POST /api/notifications/:id/read': SIGNED_IN,
  'DELETE /api/notifications/:id': SIGNED_IN,
  // roles and permissions
  'GET /api/roles': can('view', 'roles'),
  'GET /api/roles/options': canAny(['view', 'users'], ['view', 'roles']),
  'POST /api/roles': can('create', 'roles'),
  'PUT /api/roles/:id': can('edit', 'roles'),
  'DELETE /api/roles/:id': can('delete', 'roles'),
  'GET /api/permissions': can('view', 'permissions'),
  'POST /api/permissions': can('create', 'permissions'),
  'PUT /api/permissions/:id': can('edit', 'permissions'),
  'DELETE /api/permissions/:id': can('delete', 'permissions'),
  // teams
  'GET /api/teams': can('view', 'team'),
  'GET /api/teams/:id': can('view', 'team'),
  'POST /api/teams': can('create', 'team'),
  'PUT /api/teams/:id': can('edit', 'team'),
  'DELETE /api/teams/:id': can('delete', 'team'),
  // the front-end builds (the app signs in itself)
  'GET /': PUBLIC,
  'GET /build': PUBLIC,
  'GET /build/remotes.json': PUBLIC,
  'GET /build/web-config.json': PUBLIC,
  'GET /favicon.ico': PUBLIC,
  'GET /favicon.svg': PUBLIC,
  'GET /build/remotes/:remote': PUBLIC,
  'GET /build/remotes/:remote/*': PUBLIC,
  'GET /build/*': PUBLIC,
};

/** The entry of a route: its own line, or its GET's for a HEAD. */
export function accessOf(method: string, url: string): Access | undefined {
  return AUTHORIZATION_MATRIX[`${method} ${url}`] ?? (method === 'HEAD' ? AUTHORIZATION_MATRIX[`GET ${url}`] : undefined);
}

/** What an escalation case's request may refer to: the caller, a user and a role below it, the Admin user and role. */
export interface EscalationFixtures {
  /** The caller's user id and role id. */
  self: { userId: number; roleId: number };
  /** A user whose role grants nothing, and that empty role. */
  other: { userId: number; roleId: number };
  admin: { userId: number; roleId: number };
  /** The id of the `manage all` permission. */
  manageAll: number;
  /** The user form's body for a user as stored now, with `changes` over it. */
  userBody: (userId: number, changes?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** The role form's body for a role as stored now, with `changes` over it. */
  roleBody: (roleId: number, changes?: Record<string, unknown>) => Promise<Record<string, unknown> & { permission_ids: number[] }>;
}

/**
 * Issue 18, decision 045: nobody grants what they do not hold. A caller whose role holds exactly `rules` (lead scope
 * "own") sends the request; it must answer 403 with `code`, and the caller must still be refused the white-ip list and
 * the audit log afterwards.
 */
export interface EscalationCase {
  name: string;
  rules: AbilityRule[];
  request: (f: EscalationFixtures) => Promise<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }>;
  code: 'GRANT_NOT_HELD' | 'OWN_ROLE';
}

const MANAGE_USERS: AbilityRule[] = [{ action: 'manage', subject: 'users' }];
const EDIT_ROLES: AbilityRule[] = [
  { action: 'create', subject: 'roles' },
  { action: 'edit', subject: 'roles' },
];

export const ESCALATION_CASES: EscalationCase[] = [
  {
    name: 'manage users sets its own role_id to Admin',
    rules: MANAGE_USERS,
    request: async (f) => ({ method: 'PUT', url: `/api/users/${f.self.userId}`, payload: await f.userBody(f.self.userId, { role_id: f.admin.roleId }) }),
    code: 'OWN_ROLE',
  },
  {
    name: "manage users sets another user's role_id to Admin",
    rules: MANAGE_USERS,
    request: async (f) => ({ method: 'PUT', url: `/api/users/${f.other.userId}`, payload: await f.userBody(f.other.userId, { role_id: f.admin.roleId }) }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: 'manage users invites an Admin',
    rules: MANAGE_USERS,
    request: async (f) => ({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Escalation', first_name: 'Escalation', email: 'escalation@test.local', role_id: f.admin.roleId, team_ids: [] },
    }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: "manage users changes an Admin's email (to reset its password)",
    rules: MANAGE_USERS,
    request: async (f) => ({ method: 'PUT', url: `/api/users/${f.admin.userId}`, payload: await f.userBody(f.admin.userId, { email: 'mine@test.local' }) }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: 'manage users deactivates an Admin',
    rules: MANAGE_USERS,
    request: async (f) => ({ method: 'POST', url: `/api/users/${f.admin.userId}/status`, payload: { active: false } }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: "manage users forces an Admin's password reset",
    rules: MANAGE_USERS,
    request: async (f) => ({ method: 'POST', url: `/api/users/${f.admin.userId}/password-reset` }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: "manage users resets an Admin's two-factor sign-in",
    rules: MANAGE_USERS,
    request: async (f) => ({ method: 'DELETE', url: `/api/users/${f.admin.userId}/two-factor` }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: 'edit roles adds manage all to its own role',
    rules: EDIT_ROLES,
    request: async (f) => {
      const body = await f.roleBody(f.self.roleId);
      return { method: 'PUT', url: `/api/roles/${f.self.roleId}`, payload: { ...body, permission_ids: [...body.permission_ids, f.manageAll] } };
    },
    code: 'OWN_ROLE',
  },
  {
    name: 'edit roles adds manage all to another role',
    rules: EDIT_ROLES,
    request: async (f) => ({ method: 'PUT', url: `/api/roles/${f.other.roleId}`, payload: await f.roleBody(f.other.roleId, { permission_ids: [f.manageAll] }) }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: 'edit roles widens the lead scope of another role',
    rules: EDIT_ROLES,
    request: async (f) => ({ method: 'PUT', url: `/api/roles/${f.other.roleId}`, payload: await f.roleBody(f.other.roleId, { lead_scope: 'all' }) }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: 'edit roles strips the Admin role',
    rules: EDIT_ROLES,
    request: async (f) => ({ method: 'PUT', url: `/api/roles/${f.admin.roleId}`, payload: await f.roleBody(f.admin.roleId, { permission_ids: [] }) }),
    code: 'GRANT_NOT_HELD',
  },
  {
    name: 'create roles creates a role with manage all',
    rules: EDIT_ROLES,
    request: async (f) => ({ method: 'POST', url: '/api/roles', payload: { name: 'Escalation', lead_scope: 'own', permission_ids: [f.manageAll] } }),
    code: 'GRANT_NOT_HELD',
  },
];
