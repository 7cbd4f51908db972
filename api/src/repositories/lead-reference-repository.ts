import type { Database } from '../db/client';
import { formReferenceErrors, statusErrors, userErrors } from './lead/lead-integrity';

/**
 * Whether the records a lead form names exist, for the routes' field checks: they answer every failing field of a
 * form in one 422 (lib/collect-field-errors.ts). The writes re-check on a foreign-key violation, and a stale version
 * answers 409 (lead/lead-integrity.ts).
 */
export function createLeadReferenceRepository(db: Database) {
  return {
    /** `['Статус не найден']` when the status does not exist. */
    statusErrors: (statusId: number) => statusErrors(db, statusId),
    /**
     * `['Пользователь не найден']` when any of the users does not exist, USER_INACTIVE when any is deactivated and
     * not already responsible for `keepOfLead` (the lead being edited).
     */
    userErrors: (userIds: number[], keepOfLead?: number) => userErrors(db, userIds, keepOfLead),
    /** Both checks in one statement; a field left undefined is not checked. */
    formErrors: (statusId: number | undefined, userIds: number[] | undefined, keepOfLead?: number) =>
      formReferenceErrors(db, statusId, userIds, keepOfLead),
  };
}

export type LeadReferenceRepository = ReturnType<typeof createLeadReferenceRepository>;
