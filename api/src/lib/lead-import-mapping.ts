import {
  LEAD_IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  REQUIRED_LEAD_IMPORT_FIELDS,
  type LeadImportField,
  type LeadImportMapping,
} from '@crm/shared/schemas';
import type { FieldErrors } from '../errors/app-error';

/** Header names recognised for each field: ours (the export's own headers), the Russian labels, common English ones. */
const ALIASES: Record<LeadImportField, string[]> = {
  surname: ['surname', 'фамилия', 'last name', 'lastname', 'family name'],
  firstname: ['firstname', 'first name', 'name', 'имя', 'given name'],
  patronymic: ['patronymic', 'отчество', 'middle name'],
  phone: ['phone', 'телефон', 'phone number', 'номер телефона', 'tel', 'mobile'],
  status: ['status', 'статус', 'status name'],
  users: ['users', 'ответственные', 'ответственный', 'responsible', 'assignees', 'emails'],
  additional_info: ['additional info', 'заметки', 'notes', 'note', 'общие заметки по лиду', 'примечание', 'комментарий'],
};

const normalise = (header: string) => header.trim().toLowerCase().replace(/ё/g, 'е').replace(/[\s_\-.]+/g, ' ');

/** For every field, the first header that names it, or null. */
export function suggestMapping(headers: string[]): LeadImportMapping {
  const normalised = headers.map(normalise);
  const mapping = {} as LeadImportMapping;
  for (const field of LEAD_IMPORT_FIELDS) {
    const index = normalised.findIndex((h) => ALIASES[field].some((alias) => normalise(alias) === h));
    mapping[field] = index === -1 ? null : headers[index];
  }
  return mapping;
}

/** Column index of each mapped field; errors under `mapping` for a missing required field or an unknown header. */
export function resolveMapping(
  mapping: Partial<LeadImportMapping>,
  headers: string[],
): { columns: Partial<Record<LeadImportField, number>>; errors: FieldErrors } {
  const columns: Partial<Record<LeadImportField, number>> = {};
  const problems: string[] = [];
  for (const field of LEAD_IMPORT_FIELDS) {
    const header = mapping[field];
    if (header === null || header === undefined || header === '') continue;
    const index = headers.indexOf(header);
    if (index === -1) problems.push(`${LEAD_IMPORT_FIELD_LABELS[field]}: в файле нет столбца «${header}»`);
    else columns[field] = index;
  }
  for (const field of REQUIRED_LEAD_IMPORT_FIELDS) {
    if (columns[field] === undefined && !mapping[field]) problems.push(`${LEAD_IMPORT_FIELD_LABELS[field]}: выберите столбец`);
  }
  return { columns, errors: problems.length > 0 ? { mapping: problems } : {} };
}
