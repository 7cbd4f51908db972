import { z } from 'zod';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** A lead status (§3: id, name), with the colour and order users arrange them by. */
export const leadStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  position: z.number().int(),
});
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const createLeadStatusInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters'),
  color: z.string().regex(HEX_COLOR, 'Use a colour like #0D9394').default('#A8AAAE'),
});
export type CreateLeadStatusInput = z.input<typeof createLeadStatusInputSchema>;
