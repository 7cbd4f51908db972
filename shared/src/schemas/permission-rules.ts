import type { AbilityRule } from './mini/ability-rule';

const CRUD_SUBJECTS = ['lead', 'lead-status', 'document', 'document-category', 'step', 'team'] as const;
const CRUD_ACTIONS = ['view', 'create', 'edit', 'delete'] as const;

/**
 * Every action+subject pair the spec's routes and roles use, in the order the permissions page lists them: the API's
 * seed creates these permissions, and the account page offers those the user holds as API key scopes.
 */
export const PERMISSION_RULES: AbilityRule[] = [
  ...CRUD_SUBJECTS.flatMap((subject) => CRUD_ACTIONS.map((action) => ({ action, subject }))),
  // Handing a lead over: the share dialog's user list, the assign call and the bulk hand-over (decision 014).
  { action: 'assign', subject: 'lead' },
  { action: 'view', subject: 'users' },
  { action: 'manage', subject: 'users' },
  ...CRUD_ACTIONS.map((action) => ({ action, subject: 'permissions' as const })),
  ...CRUD_ACTIONS.map((action) => ({ action, subject: 'roles' as const })),
  { action: 'view', subject: 'audit' },
  { action: 'manage', subject: 'remotes' },
  { action: 'manage', subject: 'webhooks' },
  { action: 'manage', subject: 'api-keys' },
  { action: 'view', subject: 'dashboard' },
  { action: 'manage', subject: 'saved-views' },
  { action: 'manage', subject: 'all' },
];
