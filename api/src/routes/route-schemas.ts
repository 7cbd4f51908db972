import { z } from 'zod';
import { apiErrorSchema } from '@crm/shared/schemas';

/** OpenAPI: routes behind `authorize` say they need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The error answers every protected route may give, documented once (`ip`: the refused address of IP_NOT_ALLOWED). */
export const protectedErrors = { 401: apiErrorSchema, 403: z.object({ ...apiErrorSchema.shape, ip: z.string().optional() }) } as const;
