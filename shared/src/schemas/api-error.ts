import { z } from 'zod';

/** Every error answer of the API: a message, and for 422 the per-field messages (§5). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
