import { apiErrorSchema } from '@crm/shared/schemas';

/** OpenAPI: routes behind `authorize` say they need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The error answers every protected route may give, documented once. */
export const protectedErrors = { 401: apiErrorSchema, 403: apiErrorSchema } as const;
