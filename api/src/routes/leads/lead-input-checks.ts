import type { FastifyInstance } from 'fastify';
import { idParamSchema, type leadInputSchema, type leadUpdateInputSchema } from '@crm/shared/schemas';
import type { FieldChecks } from '../../lib/collect-field-errors';
import type { FormReferenceErrors } from '../../repositories/lead/lead-integrity';
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
  // The form's checks are all called in one pass (collectFieldErrors), so the status and the users are looked up
  // together, in one statement (decision 036); a check called after that batch has gone gets a lookup of its own.
  let batch: { statusId?: number; userIds?: number[]; sent?: Promise<FormReferenceErrors> } | undefined;
  const references = (part: { statusId?: number; userIds?: number[] }): Promise<FormReferenceErrors> => {
    if (!batch || batch.sent) batch = {};
    Object.assign(batch, part);
    const current = batch;
    return Promise.resolve().then(() => (current.sent ??= app.leadReferenceRepository.formErrors(current.statusId, current.userIds, keepOfLead)));
  };
  return {
    phone: (phone) => (parsePhone(phone) ? undefined : [INVALID_PHONE_MESSAGE]),
    // null (update only: the schema of create refuses it) clears the status.
    status_id: (statusId: number | null) => (statusId === null ? undefined : references({ statusId }).then((errors) => errors.status)),
    users: (userIds) => references({ userIds }).then((errors) => errors.users),
    // An update saves over the version it was read at (409 when stale); without it there is nothing to compare.
    version: mode === 'update' ? (version) => (version === undefined ? [VERSION_REQUIRED] : undefined) : undefined,
  };
}
