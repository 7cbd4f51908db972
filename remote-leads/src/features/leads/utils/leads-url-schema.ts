import { z } from 'zod/mini';
import { LEADS_VIEWS, leadsViewSchema, listLeadsQuerySchema } from '@crm/shared/schemas/mini';

export { LEADS_VIEWS };
export type LeadsView = (typeof LEADS_VIEWS)[number];

/** /leads/list's URL: the API's GET /api/leads querystring, plus the view (table or kanban), which only the page reads. */
export const leadsUrlSchema = z.extend(listLeadsQuerySchema, { view: leadsViewSchema });
export type LeadsUrlQuery = z.output<typeof leadsUrlSchema>;
