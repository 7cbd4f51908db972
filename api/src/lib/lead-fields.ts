import type { z } from 'zod';
import type { leadInputSchema, leadUpdateInputSchema } from '@crm/shared/schemas';
import type { FieldErrors } from '../errors/app-error';
import { INVALID_PHONE_MESSAGE, parsePhone } from './phone';
import { sanitizeRichText } from './rich-text';

/** A create's or an update's parsed body; only an update may carry `status_id: null` (no status). */
export type ParsedLeadInput = z.output<typeof leadInputSchema> | z.output<typeof leadUpdateInputSchema>;

export const STATUS_NOT_FOUND = 'Статус не найден';
export const USER_NOT_FOUND = 'Пользователь не найден';
/** A deactivated user keeps the leads they hold but cannot be given new ones. */
export const USER_INACTIVE = 'Пользователь деактивирован';
export const VERSION_REQUIRED = 'Не указана версия лида: обновите страницу';

/** A lead's stored fields after the checks the schema cannot make. */
export interface LeadFields {
  surname: string;
  firstname: string;
  patronymic: string;
  /** International display form. */
  phone: string;
  phoneNormalized: string;
  statusId: number | null;
  additionalInfo: string;
  /** Responsible users, unique and sorted. */
  users: number[];
}

/**
 * The form's input (already through `leadInputSchema`) as it will be stored: the phone parsed and formatted, the
 * notes sanitised, the users de-duplicated. Whether the status and users exist is the repository's check.
 */
export function prepareLeadFields(input: Omit<ParsedLeadInput, 'version'>): { fields: LeadFields; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const phone = parsePhone(input.phone);
  if (!phone) errors.phone = [INVALID_PHONE_MESSAGE];
  return {
    errors,
    fields: {
      surname: input.surname,
      firstname: input.firstname,
      patronymic: input.patronymic,
      phone: phone?.display ?? input.phone,
      phoneNormalized: phone?.normalized ?? '',
      statusId: input.status_id,
      additionalInfo: sanitizeRichText(input.additional_info),
      users: [...new Set(input.users)].sort((a, b) => a - b),
    },
  };
}
