import type { FastifyInstance } from 'fastify';
import type { leadInputSchema, leadUpdateInputSchema } from '@crm/shared/schemas';
import type { FieldChecks } from '../../lib/collect-field-errors';
import { VERSION_REQUIRED } from '../../lib/lead-fields';
import { INVALID_PHONE_MESSAGE, parsePhone } from '../../lib/phone';

/** What the lead form's schema cannot check: a phone libphonenumber accepts, a status and users that exist. */
export function leadInputChecks(
  app: FastifyInstance,
  mode: 'create' | 'update',
): FieldChecks<typeof leadInputSchema> & FieldChecks<typeof leadUpdateInputSchema> {
  return {
    phone: (phone) => (parsePhone(phone) ? undefined : [INVALID_PHONE_MESSAGE]),
    // null (update only: the schema of create refuses it) clears the status.
    status_id: (statusId: number | null) => (statusId === null ? undefined : app.leadReferenceRepository.statusErrors(statusId)),
    users: (userIds) => app.leadReferenceRepository.userErrors(userIds),
    // An update saves over the version it was read at (409 when stale); without it there is nothing to compare.
    version: mode === 'update' ? (version) => (version === undefined ? [VERSION_REQUIRED] : undefined) : undefined,
  };
}
