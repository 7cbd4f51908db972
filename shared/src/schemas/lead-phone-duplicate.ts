import { z } from 'zod';
import { idSchema } from './id';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';

/** At most this many leads with the same phone are named under the form's phone field. */
export const PHONE_DUPLICATES_LIMIT = 5;

/** GET /api/leads/phone-duplicates: the phone as typed, and the lead being edited (not its own duplicate). */
export const phoneDuplicatesQuerySchema = z.object({
  phone: textSchema({ error: 'Укажите телефон', unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).max(64, 'Слишком длинный номер'),
  exclude_id: idSchema('Неизвестный лид').optional(),
});
export type PhoneDuplicatesQuery = z.infer<typeof phoneDuplicatesQuerySchema>;

/** A lead the caller may see whose phone is the same number as the one typed. */
export const phoneDuplicateSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  firstname: z.string(),
  patronymic: z.string(),
  phone: z.string(),
});
export type PhoneDuplicate = z.infer<typeof phoneDuplicateSchema>;
