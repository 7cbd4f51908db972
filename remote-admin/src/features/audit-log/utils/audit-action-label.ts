import type { AuditAction } from '@crm/shared/schemas';

const LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Вход',
  'auth.sign_in_failed': 'Неудачный вход',
  'auth.password_reset_requested': 'Запрошен сброс пароля',
  'auth.password_reset': 'Пароль сброшен',
  'auth.password_changed': 'Пароль изменён',
  'auth.session_revoked': 'Сеанс завершён',
  'auth.sessions_revoked': 'Остальные сеансы завершены',
  'user.profile_updated': 'Профиль изменён',
  'user.avatar_changed': 'Аватар изменён',
  'user.create': 'Пользователь создан',
  'user.update': 'Пользователь изменён',
  'user.deactivate': 'Пользователь отключён',
  'user.activate': 'Пользователь включён',
  'user.password_reset_forced': 'Пароль сброшен администратором',
  'role.create': 'Роль создана',
  'role.update': 'Роль изменена',
  'role.delete': 'Роль удалена',
  'permission.create': 'Разрешение создано',
  'permission.update': 'Разрешение изменено',
  'permission.delete': 'Разрешение удалено',
  'team.create': 'Команда создана',
  'team.update': 'Команда изменена',
  'team.delete': 'Команда удалена',
  'comment_step.create': 'Шаг комментариев создан',
  'comment_step.update': 'Шаг комментариев изменён',
  'comment_step.reorder': 'Порядок шагов изменён',
  'comment_step.delete': 'Шаг комментариев удалён',
  'white_ip.create': 'IP-адрес добавлен',
  'white_ip.update': 'IP-адрес изменён',
  'white_ip.delete': 'IP-адрес удалён',
  'remote.switch': 'Модуль переключён',
  'remote.rollback': 'Модуль откачен',
  'webhook.create': 'Вебхук добавлен',
  'webhook.update': 'Вебхук изменён',
  'webhook.delete': 'Вебхук удалён',
  'lead.delete': 'Лид удалён',
  'lead.merge': 'Лиды объединены',
  'document.delete': 'Документ удалён',
  'lead_status.delete': 'Статус лидов удалён',
  'document_category.delete': 'Категория документов удалена',
};

/** A readable name for an audit action; an action this build does not know shows as recorded. */
export function auditActionLabel(action: string): string {
  return (LABELS as Record<string, string>)[action] ?? action;
}
