import { standaloneRoutes } from '@crm/shared/standalone';
import AddStepDrawer from './exposed/add-step-drawer';
import AddWhiteIpDrawer from './exposed/add-white-ip-drawer';
import AuditLogPage from './exposed/audit-log-page';
import CommentStepListPage from './exposed/comment-step-list-page';
import PermissionsPage from './exposed/permissions-page';
import RemotesPage from './exposed/remotes-page';
import RolesPage from './exposed/roles-page';
import TeamFormPage from './exposed/team-form-page';
import TeamListPage from './exposed/team-list-page';
import UsersPage from './exposed/users-page';
import WebhooksPage from './exposed/webhooks-page';
import WhiteIpListPage from './exposed/white-ip-list-page';

/** The standalone shell's routes: the host's paths for these modules, from the route table (shared/src/routes). */
export const routes = standaloneRoutes(
  'admin',
  {
    './comment-step-list-page': CommentStepListPage,
    './add-step-drawer': AddStepDrawer,
    './users-page': UsersPage,
    './team-list-page': TeamListPage,
    './team-form-page': TeamFormPage,
    './roles-page': RolesPage,
    './permissions-page': PermissionsPage,
    './white-ip-list-page': WhiteIpListPage,
    './add-white-ip-drawer': AddWhiteIpDrawer,
    './audit-log-page': AuditLogPage,
    './remotes-page': RemotesPage,
    './webhooks-page': WebhooksPage,
  },
  {
    '/comment-step/list': 'Шаги комментариев',
    '/apps/users': 'Пользователи',
    '/team': 'Команды',
    '/apps/roles': 'Роли',
    '/apps/permissions': 'Разрешения',
    '/white-ip/list': 'Разрешённые IP-адреса',
    '/audit-log': 'Журнал действий',
    '/admin/remotes': 'Модули',
    '/admin/webhooks': 'Вебхуки',
  },
);
