import { LEAD_FORM_FIELDS, type LeadFormField, type LeadFormValues } from './lead-form-values';

/** One field where the user's unsaved value and the server's current value differ. */
export type LeadValueDiff = {
  field: LeadFormField;
  mine: LeadFormValues[LeadFormField];
  theirs: LeadFormValues[LeadFormField];
  /** The user changed this field since loading the lead (otherwise only the other person did). */
  changedByMe: boolean;
};

export type DiffChoice = 'mine' | 'theirs';

/** Field equality as the server sees it: responsible users are a set, everything else compares as is. */
export function sameFieldValue(a: LeadFormValues[LeadFormField], b: LeadFormValues[LeadFormField]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sorted = [...b].sort((x, y) => x - y);
    return [...a].sort((x, y) => x - y).every((value, i) => value === sorted[i]);
  }
  return a === b;
}

/**
 * A three-way comparison: `base` is the lead as the form loaded it, `mine` the form now, `theirs` the server now.
 * Lists the fields where mine and theirs differ, so nothing the other person changed is overwritten unseen.
 */
export function diffLeadValues(base: LeadFormValues, mine: LeadFormValues, theirs: LeadFormValues): LeadValueDiff[] {
  return LEAD_FORM_FIELDS.filter((field) => !sameFieldValue(mine[field], theirs[field])).map((field) => ({
    field,
    mine: mine[field],
    theirs: theirs[field],
    changedByMe: !sameFieldValue(mine[field], base[field]),
  }));
}

/** The default pick: keep what the user edited, take the server's value for fields only the other person touched. */
export function defaultChoices(diffs: readonly LeadValueDiff[]): Partial<Record<LeadFormField, DiffChoice>> {
  return Object.fromEntries(diffs.map((diff) => [diff.field, diff.changedByMe ? 'mine' : 'theirs']));
}

/** The server's values with the user's value wherever the user chose to keep theirs. */
export function mergeLeadValues(
  mine: LeadFormValues,
  theirs: LeadFormValues,
  choices: Partial<Record<LeadFormField, DiffChoice>>,
): LeadFormValues {
  const merged: LeadFormValues = { ...theirs, users: [...theirs.users] };
  for (const field of LEAD_FORM_FIELDS) {
    if (choices[field] === 'mine') Object.assign(merged, { [field]: mine[field] });
  }
  return merged;
}
