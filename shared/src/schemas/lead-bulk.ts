import { z } from 'zod';
import { idSchema } from './id';

const ids = z.array(idSchema('Неизвестный лид')).min(1, 'Выберите лиды').max(1000, 'Не более 1000 лидов за раз');

/** POST /api/leads/bulk: one action on the selected leads; each lead is checked against the caller's scope and abilities. */
export const leadBulkInputSchema = z.discriminatedUnion('action', [
  // `status_id: null` clears the status.
  z.object({ action: z.literal('status'), ids, status_id: idSchema('Выберите статус').nullable() }),
  z.object({ action: z.literal('assign'), ids, user_id: idSchema('Выберите пользователя') }),
  z.object({ action: z.literal('delete'), ids }),
]);
export type LeadBulkInput = z.input<typeof leadBulkInputSchema>;

export const leadBulkResultSchema = z.object({
  affected: z.number().int(),
  /** Leads left alone, with why (out of scope or missing). */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type LeadBulkResult = z.infer<typeof leadBulkResultSchema>;
