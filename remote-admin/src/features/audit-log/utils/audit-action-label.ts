import type { AuditAction } from '@crm/shared/schemas';

const LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.deactivate': 'User deactivated',
  'user.activate': 'User activated',
  'user.password_reset_forced': 'Password reset forced',
  'role.create': 'Role created',
  'role.update': 'Role changed',
  'role.delete': 'Role deleted',
  'permission.create': 'Permission created',
  'permission.update': 'Permission changed',
  'permission.delete': 'Permission deleted',
  'team.create': 'Team created',
  'team.update': 'Team changed',
  'team.delete': 'Team deleted',
  'comment_step.create': 'Comment step created',
  'comment_step.update': 'Comment step changed',
  'comment_step.reorder': 'Comment steps reordered',
  'comment_step.delete': 'Comment step deleted',
  'white_ip.create': 'IP entry added',
  'white_ip.update': 'IP entry changed',
  'white_ip.delete': 'IP entry deleted',
  'lead.delete': 'Lead deleted',
  'document.delete': 'Document deleted',
};

/** A readable name for an audit action; an action this build does not know shows as recorded. */
export function auditActionLabel(action: string): string {
  return (LABELS as Record<string, string>)[action] ?? action;
}
