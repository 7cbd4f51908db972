import { z } from 'zod';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';

/** At most this many users answer one GET /api/leads/assignees; typing a search narrows them. */
export const LEAD_ASSIGNEES_LIMIT = 50;

/** GET /api/leads/assignees?search=: part of a name, first name or e-mail. */
export const listLeadAssigneesQuerySchema = z.object({
  search: textSchema({ unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).trim().max(200).optional(),
});
export type ListLeadAssigneesQuery = z.input<typeof listLeadAssigneesQuerySchema>;

/**
 * A user a lead can be handed over to, as the share dialog lists them ('name (role)' and e-mail). Needs only
 * `assign lead`, not `view users`: the dialog, the assign call and this list agree on one ability (decision 014).
 */
export const leadAssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.string(),
});
export type LeadAssignee = z.infer<typeof leadAssigneeSchema>;
