import { ApiError } from '@crm/shared/api-client';
import { ERROR_CODE } from '@crm/shared/schemas/mini';

/** The 409 of a stale update (another user saved the lead since the form read it), which the review dialog handles. */
export const isLeadVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === ERROR_CODE.LEAD_VERSION_CONFLICT;
