import { LEAD_IMPORT_FIELDS, REQUIRED_LEAD_IMPORT_FIELDS, type LeadImportField, type LeadImportMapping } from '@crm/shared/schemas';

/** Every field, taken from the server's suggestion when it names a header the file really has. */
export function initialMapping(suggested: Partial<LeadImportMapping>, headers: readonly string[]): LeadImportMapping {
  return Object.fromEntries(
    LEAD_IMPORT_FIELDS.map((field) => {
      const header = suggested[field];
      return [field, header && headers.includes(header) ? header : null];
    }),
  ) as LeadImportMapping;
}

/** The required fields (the API's own list) that have no column yet: the wizard will not start until there are none. */
export function missingRequiredFields(mapping: LeadImportMapping): LeadImportField[] {
  return REQUIRED_LEAD_IMPORT_FIELDS.filter((field) => !mapping[field]);
}
