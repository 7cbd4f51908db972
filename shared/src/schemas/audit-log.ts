import { z } from 'zod';
import { pageQuerySchema } from './mini/envelope';
import { idSchema } from './id';

/** Every action the audit log records (docs/decisions/026). New areas add theirs here. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.password_changed',
  'auth.session_revoked',
  'auth.sessions_revoked',
  'auth.two_factor_failed',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.two_factor_recovery_codes_regenerated',
  'user.profile_updated',
  'user.avatar_changed',
  'user.create',
  'user.update',
  'user.deactivate',
  'user.activate',
  'user.password_reset_forced',
  'user.two_factor_reset',
  'role.create',
  'role.update',
  'role.delete',
  'permission.create',
  'permission.update',
  'permission.delete',
  'team.create',
  'team.update',
  'team.delete',
  'comment_step.create',
  'comment_step.update',
  'comment_step.reorder',
  'comment_step.delete',
  'white_ip.create',
  'white_ip.update',
  'white_ip.delete',
  'remote.switch',
  'remote.rollback',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'api_key.create',
  'api_key.revoke',
  'api_key.request',
  'task.create',
  'task.update',
  'task.delete',
  'user.calendar_feed_created',
  'user.calendar_feed_revoked',
  'saved_view.create',
  'saved_view.update',
  'saved_view.delete',
  'lead.delete',
  'lead.merge',
  'document.delete',
  'lead_status.delete',
  'document_category.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.number().int().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  /** The name of the API key the change or call was made with (docs/decisions/072); null for a signed-in session. */
  api_key: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dateSchema = z.iso.date('Use a date like 2026-01-31');

/** GET /api/audit-log: newest first; `from`/`to` are inclusive calendar days (UTC). */
export const auditLogQuerySchema = z.object({
  ...pageQuerySchema.shape,
  actor_id: idSchema().optional(),
  action: z.enum(AUDIT_ACTIONS, 'Choose an action from the list').optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
