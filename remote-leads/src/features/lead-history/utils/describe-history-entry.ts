import type { LeadHistoryEntry, LeadHistoryField } from '@crm/shared/schemas';
import { isLeadHistoryField } from '@crm/shared/schemas/mini';

export type HistoryEntryAction = LeadHistoryEntry['action'];

/** Names for ids the history stores (statuses, users, comment steps); undefined when unknown. */
export type HistoryNames = {
  status: (id: number) => string | undefined;
  user: (id: number) => string | undefined;
  step?: (id: number) => string | undefined;
};

export type HistoryDescription = { title: string; lines: string[] };

export const HISTORY_ACTION_TITLES: Record<HistoryEntryAction, string> = {
  created: 'Лид создан',
  updated: 'Лид изменён',
  status_changed: 'Статус изменён',
  assigned: 'Лид передан',
  comment_added: 'Добавлен комментарий',
  comment_updated: 'Комментарий изменён',
  comment_deleted: 'Комментарий удалён',
  imported: 'Лид импортирован',
  merged: 'Объединён с другим лидом',
};

const FIELD_LABELS: Record<Exclude<LeadHistoryField, keyof typeof SUMMARISED>, string> = {
  surname: 'Фамилия',
  firstname: 'Имя',
  patronymic: 'Отчество',
  phone: 'Телефон',
  status_id: 'Статус',
  users: 'Ответственные',
  step_id: 'Этап',
  merged_lead: 'Объединён с',
};


/** Rich-text fields: their HTML is not worth reading in a timeline, only the fact that it changed. */
const SUMMARISED = {
  additional_info: 'Заметки изменены',
  body: 'Текст комментария изменён',
} as const;

const isSummarised = (field: LeadHistoryField): field is keyof typeof SUMMARISED => field in SUMMARISED;

/** Actions that list the values something started with, and ones that list what was removed. */
const INITIAL: readonly HistoryEntryAction[] = ['created', 'imported', 'comment_added'];
const REMOVAL: readonly HistoryEntryAction[] = ['comment_deleted'];

const EMPTY = '—';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function nameOf(value: unknown, lookup: ((id: number) => string | undefined) | undefined): string {
  if (typeof value === 'number') return lookup?.(value) ?? `#${value}`;
  if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return plain(value);
}

function plain(value: unknown): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (Array.isArray(value)) return value.map(plain).join(', ');
  return JSON.stringify(value);
}

/** A field's value as a reader would say it: status and step names, user names, plain text for the rest. */
export function formatHistoryValue(field: string, value: unknown, names: HistoryNames): string {
  if (isEmpty(value)) return EMPTY;
  if (field === 'status_id' || field === 'status') return nameOf(value, names.status);
  if (field === 'step_id' || field === 'step') return nameOf(value, names.step);
  if (field === 'merged_lead' && value && typeof value === 'object' && 'id' in value) {
    // The lead merged in: «Иванов Иван (#12)»; it no longer exists, so no link.
    const lead = value as { id: unknown; name?: unknown };
    return `${typeof lead.name === 'string' && lead.name ? `${lead.name} ` : ''}(#${String(lead.id)})`;
  }
  if (field === 'users' || field === 'user_id') {
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => nameOf(item, names.user)).join(', ');
  }
  return plain(value);
}

/**
 * A history entry as text: a title for the action and one line per changed field ("Статус: Новый → В работе");
 * notes are summarised ('Заметки изменены'). Creation and import list the values the lead started with; an added or
 * removed comment names its step (its text is the comment itself). Fields the timeline does not know are skipped.
 */
export function describeHistoryEntry(entry: Pick<LeadHistoryEntry, 'action' | 'changes'>, names: HistoryNames): HistoryDescription {
  const initial = INITIAL.includes(entry.action);
  const removal = REMOVAL.includes(entry.action);
  const comment = entry.action === 'comment_added' || removal;
  const lines = Object.entries(entry.changes ?? {}).flatMap(([field, change]) => {
    if (!isLeadHistoryField(field)) return [];
    const from: unknown = change?.from;
    const to: unknown = change?.to;
    if (isSummarised(field)) return comment || (initial && isEmpty(to)) ? [] : [SUMMARISED[field]];
    const label = FIELD_LABELS[field];
    if (initial) return isEmpty(to) ? [] : [`${label}: ${formatHistoryValue(field, to, names)}`];
    if (removal) return isEmpty(from) ? [] : [`${label}: ${formatHistoryValue(field, from, names)}`];
    if (field === 'merged_lead') return [`${label}: ${formatHistoryValue(field, from, names)}`];
    return [`${label}: ${formatHistoryValue(field, from, names)} → ${formatHistoryValue(field, to, names)}`];
  });
  return { title: HISTORY_ACTION_TITLES[entry.action] ?? entry.action, lines };
}
