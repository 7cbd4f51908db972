// Plain constants of a lead's history, in `schemas/mini` so that a lead's page can name them without the classic
// schemas (docs/decisions/080); `@crm/shared/schemas` re-exports them.

/**
 * The fields a history entry may name: the lead's own fields, and a comment's step and text. Anything else (ids of
 * internal rows such as a comment's id) is never recorded and never shown.
 */
export const LEAD_HISTORY_FIELDS = [
  'surname',
  'firstname',
  'patronymic',
  'phone',
  'status_id',
  'users',
  'additional_info',
  'step_id',
  'body',
  /** A merge: `from` is the lead merged in ({ id, name, phone }), `to` null, as that lead no longer exists. */
  'merged_lead',
] as const;
export type LeadHistoryField = (typeof LEAD_HISTORY_FIELDS)[number];

/** Whether `field` is one a history entry may name. */
export const isLeadHistoryField = (field: string): field is LeadHistoryField =>
  (LEAD_HISTORY_FIELDS as readonly string[]).includes(field);
