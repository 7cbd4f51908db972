import { LEAD_IMPORT_FIELDS, type LeadImportField, type LeadImportMapping } from '@crm/shared/schemas';

/** The names the lead screens give the fields a CSV column can fill. */
export const LEAD_IMPORT_FIELD_LABELS: Record<LeadImportField, string> = {
  surname: 'Фамилия',
  firstname: 'Имя',
  patronymic: 'Отчество',
  phone: 'Телефон',
  status: 'Статус',
  users: 'Ответственные',
  additional_info: 'Заметки',
};

/** A lead cannot be created without these (the form's rules), so the wizard will not start until they are mapped. */
export const REQUIRED_IMPORT_FIELDS: readonly LeadImportField[] = ['surname', 'firstname', 'phone'];

/** Every field, taken from the server's suggestion when it names a header the file really has. */
export function initialMapping(suggested: Partial<LeadImportMapping>, headers: readonly string[]): LeadImportMapping {
  return Object.fromEntries(
    LEAD_IMPORT_FIELDS.map((field) => {
      const header = suggested[field];
      return [field, header && headers.includes(header) ? header : null];
    }),
  ) as LeadImportMapping;
}

export function missingRequiredFields(mapping: LeadImportMapping): LeadImportField[] {
  return REQUIRED_IMPORT_FIELDS.filter((field) => !mapping[field]);
}
