import { z } from 'zod';
import { listLeadsQuerySchema } from '@crm/shared/schemas';

export const LEADS_VIEWS = ['table', 'kanban'] as const;
export type LeadsView = (typeof LEADS_VIEWS)[number];

/** /leads/list's URL: the API's GET /api/leads querystring, plus the view (table or kanban), which only the page reads. */
export const leadsUrlSchema = listLeadsQuerySchema.extend({ view: z.enum(LEADS_VIEWS).default('table') });
export type LeadsUrlQuery = z.output<typeof leadsUrlSchema>;
