import type { Lead, LeadInput } from '@crm/shared/schemas';

/** What the lead form edits: the lead's own fields, without id, version or audit data. */
export type LeadFormValues = {
  surname: string;
  firstname: string;
  patronymic: string;
  phone: string;
  status_id: number | null;
  users: number[];
  additional_info: string;
};

export type LeadFormField = keyof LeadFormValues;

/** Form order, which is also the order of the conflict comparison. */
export const LEAD_FORM_FIELDS: readonly LeadFormField[] = [
  'surname',
  'firstname',
  'patronymic',
  'phone',
  'status_id',
  'users',
  'additional_info',
];

/** The labels the form shows. */
export const LEAD_FIELD_LABELS: Record<LeadFormField, string> = {
  surname: 'Фамилия',
  firstname: 'Имя',
  patronymic: 'Отчество',
  phone: 'Телефон',
  status_id: 'Статус',
  users: 'Ответственные',
  additional_info: 'Общие заметки по Лиду',
};

export const EMPTY_LEAD_FORM_VALUES: LeadFormValues = {
  surname: '',
  firstname: '',
  patronymic: '',
  phone: '',
  status_id: null,
  users: [],
  additional_info: '',
};

export function toLeadFormValues(lead: Lead): LeadFormValues {
  return {
    surname: lead.surname,
    firstname: lead.firstname,
    patronymic: lead.patronymic,
    phone: lead.phone,
    status_id: lead.status_id,
    users: [...lead.users],
    additional_info: lead.additional_info,
  };
}

/**
 * The body of POST /api/leads and POST /api/leads/{id}. No client-side validation: an empty status goes as
 * null so the server answers it with its own message under the field.
 */
export function toLeadInput(values: LeadFormValues, version?: number): LeadInput {
  return { ...values, users: [...values.users], ...(version === undefined ? {} : { version }) };
}
