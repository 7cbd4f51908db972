import { z } from 'zod/mini';

/** Every error answer of the API: a message, and for 422 the per-field messages (§5). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
