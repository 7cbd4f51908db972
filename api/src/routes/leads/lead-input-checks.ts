import type { FastifyInstance } from 'fastify';
import { idParamSchema, type leadInputSchema, type leadUpdateInputSchema } from '@crm/shared/schemas';
import type { FieldChecks } from '../../lib/collect-field-errors';
import { VERSION_REQUIRED } from '../../lib/lead-fields';
import { INVALID_PHONE_MESSAGE, parsePhone } from '../../lib/phone';

/**
 * What the lead form's schema cannot check: a phone libphonenumber accepts, a status and users that exist, users that
 * are active (an update may keep a deactivated user who is already responsible for the lead; `params` are the route's
 * raw params, not yet validated).
 */
export function leadInputChecks(
  app: FastifyInstance,
  mode: 'create' | 'update',
  params?: unknown,
): FieldChecks<typeof leadInputSchema> & FieldChecks<typeof leadUpdateInputSchema> {
  const lead = mode === 'update' ? idParamSchema.safeParse(params) : undefined;
  const keepOfLead = lead?.success ? lead.data.id : undefined;
  return {
    phone: (phone) => (parsePhone(phone) ? undefined : [INVALID_PHONE_MESSAGE]),
    // null (update only: the schema of create refuses it) clears the status.
    status_id: (statusId: number | null) => (statusId === null ? undefined : app.leadReferenceRepository.statusErrors(statusId)),
    users: (userIds) => app.leadReferenceRepository.userErrors(userIds, keepOfLead),
    // An update saves over the version it was read at (409 when stale); without it there is nothing to compare.
    version: mode === 'update' ? (version) => (version === undefined ? [VERSION_REQUIRED] : undefined) : undefined,
  };
}
