import { LEAD_MERGE_FIELDS, type LeadDetail, type LeadMergeField, type LeadMergeInput } from '@crm/shared/schemas';

/** Which of the two leads shown each value comes from: the left one (`a`) or the right one (`b`). */
export type MergeSide = 'a' | 'b';

export const MERGE_FIELD_LABELS: Record<LeadMergeField, string> = {
  surname: 'Фамилия',
  firstname: 'Имя',
  patronymic: 'Отчество',
  phone: 'Телефон',
  status_id: 'Статус',
  additional_info: 'Дополнительная информация',
};

/** The confirmation's text: a merge deletes one lead for good, and only a new lead brings it back (docs/decisions/075). */
export const MERGE_CONFIRMATION =
  'Объединение нельзя отменить: второй лид будет удалён, а его комментарии, история, ответственные и избранное перейдут к оставшемуся. Вернуть удалённый лид можно только создав новый.';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Each field from the kept lead, unless the kept lead has it empty and the other does not. */
export function defaultMergeChoices(a: LeadDetail, b: LeadDetail, keep: MergeSide): Record<LeadMergeField, MergeSide> {
  const kept = keep === 'a' ? a : b;
  const other = keep === 'a' ? b : a;
  const otherSide: MergeSide = keep === 'a' ? 'b' : 'a';
  return Object.fromEntries(
    LEAD_MERGE_FIELDS.map((field) => [field, isEmpty(kept[field]) && !isEmpty(other[field]) ? otherSide : keep]),
  ) as Record<LeadMergeField, MergeSide>;
}

/** The body of POST /api/leads/merge for the choices shown: sides turn into keep/merge relative to the kept lead. */
export function mergeRequest(a: LeadDetail, b: LeadDetail, keep: MergeSide, choices: Record<LeadMergeField, MergeSide>): LeadMergeInput {
  const kept = keep === 'a' ? a : b;
  const merged = keep === 'a' ? b : a;
  return {
    keep_id: kept.id,
    merge_id: merged.id,
    keep_version: kept.version,
    merge_version: merged.version,
    fields: Object.fromEntries(LEAD_MERGE_FIELDS.map((field) => [field, choices[field] === keep ? 'keep' : 'merge'])),
  };
}

/** The responsible users of the result: both leads' users, each once. */
export function mergedResponsible(a: LeadDetail, b: LeadDetail): LeadDetail['responsible'] {
  const seen = new Set<number>();
  return [...a.responsible, ...b.responsible].filter((user) => (seen.has(user.id) ? false : (seen.add(user.id), true)));
}
