import { z } from 'zod';
import { idSchema } from './id';
import { textSchema } from './text';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** A lead status (id, name), with the colour and order users arrange them by. */
export const leadStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  position: z.number().int(),
});
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const createLeadStatusInputSchema = z.object({
  name: textSchema({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(100, 'Не больше 100 символов'),
  color: z.string().regex(HEX_COLOR, 'Укажите цвет вида #0D9394').default('#A8AAAE'),
});
export type CreateLeadStatusInput = z.input<typeof createLeadStatusInputSchema>;

/**
 * PUT /api/lead-status/{id}: rename or recolour; a field left out keeps its value. Built field by field rather than
 * with `.partial()`, which would keep the create schema's colour default and reset the colour on every rename.
 */
export const updateLeadStatusInputSchema = z.object({
  name: createLeadStatusInputSchema.shape.name.optional(),
  color: z.string().regex(HEX_COLOR, 'Укажите цвет вида #0D9394').optional(),
});
export type UpdateLeadStatusInput = z.input<typeof updateLeadStatusInputSchema>;

/** POST /api/lead-status/reorder: every status id in the new order. */
export const reorderLeadStatusesInputSchema = z.object({ ids: z.array(idSchema()).min(1) });

/** DELETE /api/lead-status/{id}/delete?replacement_id=: leads using the status move to the replacement. */
export const deleteLeadStatusQuerySchema = z.object({ replacement_id: idSchema().optional() });

/** POST /api/upload answers the stored image's address. */
export const uploadResultSchema = z.object({ url: z.string() });
