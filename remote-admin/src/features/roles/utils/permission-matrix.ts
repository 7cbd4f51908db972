import { ABILITY_ACTIONS, type AbilityAction, type AbilitySubject, type Permission } from '@crm/shared/schemas';

export interface PermissionMatrix {
  /** Columns: every action some permission has, in ABILITY_ACTIONS order (`view … manage` first, any newer after). */
  actions: AbilityAction[];
  /** Rows: every subject some permission has, in the permissions table's order. */
  subjects: AbilitySubject[];
  /** The permission of a cell, if the table has one. */
  cell: (subject: AbilitySubject, action: AbilityAction) => Permission | undefined;
}

const COLUMN_ORDER: readonly AbilityAction[] = [
  'view',
  'create',
  'edit',
  'delete',
  'manage',
  ...ABILITY_ACTIONS.filter((a) => !['view', 'create', 'edit', 'delete', 'manage'].includes(a)),
];

/** The role dialog's grid, built from the permissions that exist rather than a fixed list. */
export function buildPermissionMatrix(permissions: readonly Permission[]): PermissionMatrix {
  const present = new Set(permissions.map((p) => p.action));
  const subjects: AbilitySubject[] = [];
  for (const p of permissions) if (!subjects.includes(p.subject)) subjects.push(p.subject);
  const byCell = new Map(permissions.map((p) => [`${p.subject}:${p.action}`, p]));
  return {
    actions: COLUMN_ORDER.filter((a) => present.has(a)),
    subjects,
    cell: (subject, action) => byCell.get(`${subject}:${action}`),
  };
}
