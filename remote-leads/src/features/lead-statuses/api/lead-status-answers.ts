import { dataEnvelope, leadStatusSchema } from '@crm/shared/schemas';

/** The statuses' answer of a reorder, parsed as the host parses its own. */
export const leadStatusesResponseSchema = dataEnvelope(leadStatusSchema.array());
/** One status's answer (create, update). */
export const leadStatusResponseSchema = dataEnvelope(leadStatusSchema);
