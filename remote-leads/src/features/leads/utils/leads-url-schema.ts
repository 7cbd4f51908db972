import { LEADS_VIEWS, leadsUrlSchema, type LeadsUrlQuery } from '@crm/shared/schemas/mini';

// The schema lives in @crm/shared/schemas/mini so this remote imports no zod at run time (docs/decisions/033).
export { LEADS_VIEWS, leadsUrlSchema, type LeadsUrlQuery };
export type LeadsView = (typeof LEADS_VIEWS)[number];
