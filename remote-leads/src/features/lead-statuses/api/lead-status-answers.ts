import { dataEnvelope, leadStatusSchema } from '@crm/shared/schemas';
import { z } from 'zod';

/** The statuses' answer of a reorder, parsed as the host parses its own. */
export const leadStatusesResponseSchema = dataEnvelope(z.array(leadStatusSchema));
/** One status's answer (create, update). */
export const leadStatusResponseSchema = dataEnvelope(leadStatusSchema);
