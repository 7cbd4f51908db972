import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas';

/** The matrix's column heads in the screen's language (Russian); the codes stay what the API and CASL use. */
export const ACTION_LABELS: Record<AbilityAction, string> = {
  manage: 'Всё',
  view: 'Просмотр',
  create: 'Создание',
  edit: 'Изменение',
  delete: 'Удаление',
  assign: 'Назначение',
};

/** The matrix's row heads: each subject by the name of its screen. */
export const SUBJECT_LABELS: Record<AbilitySubject, string> = {
  all: 'Всё',
  lead: 'Лиды',
  'lead-status': 'Статусы лидов',
  document: 'Документы',
  'document-category': 'Категории документов',
  step: 'Шаги комментариев',
  team: 'Команды',
  users: 'Пользователи',
  permissions: 'Разрешения',
  roles: 'Роли',
  'white-ip': 'Разрешённые IP-адреса',
  audit: 'Журнал действий',
  remotes: 'Модули',
  webhooks: 'Вебхуки',
  'api-keys': 'API-ключи',
  dashboard: 'Дашборд',
  'saved-views': 'Общие виды списка лидов',
};
