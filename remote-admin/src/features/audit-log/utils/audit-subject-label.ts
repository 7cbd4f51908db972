import type { AuditEntry } from '@crm/shared/schemas';

/** What the API records as `subject_type`, by the name the admin screens give it. */
const SUBJECT_TYPES: Record<string, string> = {
  comment_step: 'Шаг комментария',
  document: 'Документ',
  lead: 'Лид',
  permission: 'Разрешение',
  remote: 'Модуль',
  role: 'Роль',
  team: 'Команда',
  user: 'Пользователь',
  white_ip: 'IP-адрес',
};

/** "Команда #3": the record's kind in Russian and its id; an unknown kind as the API wrote it. */
export function auditSubjectLabel(entry: Pick<AuditEntry, 'subject_type' | 'subject_id'>): string {
  if (!entry.subject_type) return '—';
  const kind = SUBJECT_TYPES[entry.subject_type] ?? entry.subject_type;
  return entry.subject_id ? `${kind} #${entry.subject_id}` : kind;
}
