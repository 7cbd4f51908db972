import type { AuditEntry } from '@crm/shared/schemas';

/** What the API records as `subject_type`, by the name the admin screens give it. */
const SUBJECT_TYPES: Record<string, string> = {
  api_key: 'API-ключ',
  comment_step: 'Шаг комментария',
  document: 'Документ',
  document_category: 'Категория документов',
  lead: 'Лид',
  lead_status: 'Статус лида',
  permission: 'Разрешение',
  remote: 'Модуль',
  role: 'Роль',
  team: 'Команда',
  user: 'Пользователь',
  webhook: 'Вебхук',
  white_ip: 'IP-адрес',
};

/** The fields a recorded state names its record by, most telling first. */
const NAME_FIELDS = ['name', 'title', 'ip', 'email', 'url'] as const;

/** The name a recorded state (`before`/`after`) gives its record: a lead by its full name, others by a name field. */
function nameIn(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const fields = state as Record<string, unknown>;
  const leadName = [fields.surname, fields.firstname, fields.patronymic].filter((part) => typeof part === 'string' && part).join(' ');
  if (leadName) return leadName;
  for (const field of NAME_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/**
 * 'Команда «Продажи»': the record's kind in Russian and its name, from the state the entry recorded (a deleted record
 * keeps its name there), or the actor's own name for what a user did to their own account; 'Команда #3' when the
 * entry names nothing; an unknown kind as the API wrote it.
 */
export function auditSubjectLabel(entry: Pick<AuditEntry, 'subject_type' | 'subject_id'> & Partial<Pick<AuditEntry, 'before' | 'after' | 'actor'>>): string {
  if (!entry.subject_type) return '—';
  const kind = SUBJECT_TYPES[entry.subject_type] ?? entry.subject_type;
  const self = entry.subject_type === 'user' && entry.actor?.id != null && String(entry.actor.id) === entry.subject_id;
  const name = nameIn(entry.after) ?? nameIn(entry.before) ?? (self ? (entry.actor?.name ?? entry.actor?.email ?? null) : null);
  if (name) return `${kind} «${name}»`;
  return entry.subject_id ? `${kind} #${entry.subject_id}` : kind;
}
