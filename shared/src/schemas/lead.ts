import { z } from 'zod';
import { paginationMetaSchema } from './mini/envelope';

/** A lead. `users` holds the ids of the responsible users. */
export const leadSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  firstname: z.string(),
  patronymic: z.string(),
  phone: z.string(),
  status_id: z.number().int().nullable(),
  additional_info: z.string(),
  users: z.array(z.number().int()),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Lead = z.infer<typeof leadSchema>;

/** A row of GET /api/leads: the lead plus what the list shows without further calls. */
export const leadListItemSchema = leadSchema.extend({
  status: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  responsible: z.array(z.object({ id: z.number().int(), first_name: z.string(), name: z.string() })),
  is_favorite: z.boolean(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

// The list's querystring (listLeadsQuerySchema), NO_STATUS and the list's views: ./mini/lead-list-query.ts.

/**
 * GET /api/leads: the usual `meta`; with `cursors=1`, `after` or `before` also whether `total` is not an exact count
 * (past the 10,000 cap: a filtered total is the cap, the unfiltered one the table estimate; show it as "more than
 * 10,000" / "about N") and the cursors of the page's last and first rows (null on
 * an empty page). Without them `meta` is exactly the paginated one, as existing clients read it.
 */
export const leadListResponseSchema = z.object({
  data: z.array(leadListItemSchema),
  meta: z.object({
    ...paginationMetaSchema.shape,
    total_is_estimate: z.boolean().optional(),
    /** The total is the cap of a filtered count: at least that many match ("more than N"); an estimate otherwise reads "about N". */
    total_is_capped: z.boolean().optional(),
    next_cursor: z.string().nullable().optional(),
    prev_cursor: z.string().nullable().optional(),
  }),
});
/** GET /api/leads: one page of leads (`data`) and where it sits (`meta`). */
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;
