import { z } from 'zod/mini';
import type { AbilityAction, AbilitySubject } from './ability-rule';

/**
 * Pages a user may pin as shortcuts: route names of the host (a host test checks each against the route table, with
 * the same ability). The server refuses other keys and keys the caller's abilities do not open.
 */
export const SHORTCUT_PAGES: readonly { key: string; action: AbilityAction; subject: AbilitySubject }[] = [
  { key: 'leads-list', action: 'view', subject: 'lead' },
  { key: 'leads-add', action: 'create', subject: 'lead' },
  { key: 'lead-status-list', action: 'view', subject: 'lead-status' },
  { key: 'document-list', action: 'view', subject: 'document' },
  { key: 'document-add', action: 'create', subject: 'document' },
  { key: 'document-category-list', action: 'view', subject: 'document-category' },
  { key: 'comment-step-list', action: 'view', subject: 'step' },
  { key: 'team', action: 'view', subject: 'team' },
  { key: 'apps-users', action: 'view', subject: 'users' },
  { key: 'apps-roles', action: 'view', subject: 'roles' },
  { key: 'apps-permissions', action: 'view', subject: 'permissions' },
  { key: 'white-ip-list', action: 'manage', subject: 'all' },
  { key: 'audit-log', action: 'view', subject: 'audit' },
];
export const SHORTCUTS_MAX = 12;

export const shortcutsSchema = z.object({ pages: z.array(z.string()) });
export type Shortcuts = z.infer<typeof shortcutsSchema>;
