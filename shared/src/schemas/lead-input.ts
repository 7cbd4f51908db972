import { z } from 'zod';
import { idSchema, INT4_MAX } from './id';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';
import { ERROR_CODE } from './mini/api-error';

const leadText = (error: string) => textSchema({ error, unstorable: UNSTORABLE_TEXT_MESSAGE_RU });

const name = (what: string) =>
  leadText(`Укажите ${what}`).trim().max(100, 'Не более 100 символов');

/**
 * The lead form's fields, as POST /api/leads and POST /api/leads/{id} take them. The server adds what the
 * shape cannot say: the phone is parsed with libphonenumber-js (region RU), statuses and users must exist, and the
 * notes are sanitised. `version` is the version the form was read at; an update without it, or with a stale one, is refused.
 */
export const leadInputSchema = z.object({
  surname: name('фамилию').min(1, 'Укажите фамилию'),
  firstname: name('имя').min(1, 'Укажите имя'),
  patronymic: name('отчество').default(''),
  phone: leadText('Укажите телефон').trim().min(1, 'Укажите телефон').max(40, 'Не более 40 символов'),
  status_id: idSchema('Выберите статус'),
  users: z.array(idSchema('Выберите ответственных'), { error: 'Выберите ответственных' }).max(50).default([]),
  additional_info: leadText('Напишите заметку текстом').max(100_000, 'Слишком длинный текст').default(''),
  version: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
});
export type LeadInput = z.input<typeof leadInputSchema>;

/**
 * POST /api/leads/{id}: the form's fields, except that `status_id: null` clears the status (create still requires
 * one; a lead imported or left behind by a deleted status has none, and editing it must not force a choice).
 */
export const leadUpdateInputSchema = leadInputSchema.extend({
  status_id: idSchema('Выберите статус').nullable(),
});
export type LeadUpdateInput = z.input<typeof leadUpdateInputSchema>;

/** POST /api/leads/status/{id}; `null` clears the status. */
export const leadStatusChangeInputSchema = z.object({
  status_id: idSchema('Выберите статус').nullable(),
});
export type LeadStatusChangeInput = z.infer<typeof leadStatusChangeInputSchema>;

/** GET /api/leads/favorite/{id} answers the caller's star after the toggle. */
export const favoriteStateSchema = z.object({ is_favorite: z.boolean() });

/** 409 body of a stale update: who changed the lead, when, and what it holds now. */
export const leadConflictSchema = z.object({
  message: z.string(),
  code: z.literal(ERROR_CODE.LEAD_VERSION_CONFLICT),
  conflict: z.object({
    updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    updated_at: z.string(),
    version: z.number().int(),
  }),
});
export type LeadConflict = z.infer<typeof leadConflictSchema>;
