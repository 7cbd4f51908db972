import type { RouteObject } from '@crm/shared/router';
import AddStepDrawer from './exposed/add-step-drawer';
import AddWhiteIpDrawer from './exposed/add-white-ip-drawer';
import AuditLogPage from './exposed/audit-log-page';
import CommentStepListPage from './exposed/comment-step-list-page';
import PermissionsPage from './exposed/permissions-page';
import RolesPage from './exposed/roles-page';
import WhiteIpListPage from './exposed/white-ip-list-page';
import TeamFormPage from './exposed/team-form-page';
import TeamListPage from './exposed/team-list-page';
import UsersPage from './exposed/users-page';

/** The standalone shell's routes: the same paths and child routes the host gives these modules (issue §4). */
export const routes: RouteObject[] = [
  {
    path: '/comment-step/list',
    handle: { title: 'Шаги комментариев' },
    element: <CommentStepListPage />,
    children: [{ path: 'AddStepDrawer', element: <AddStepDrawer /> }],
  },
  { path: '/apps/users', handle: { title: 'Пользователи' }, element: <UsersPage /> },
  { path: '/team', handle: { title: 'Команды' }, element: <TeamListPage /> },
  { path: '/team/create', element: <TeamFormPage /> },
  { path: '/team/:idEdit', element: <TeamFormPage /> },
  { path: '/apps/roles', handle: { title: 'Роли' }, element: <RolesPage /> },
  { path: '/apps/permissions', handle: { title: 'Разрешения' }, element: <PermissionsPage /> },
  {
    path: '/white-ip/list',
    handle: { title: 'Разрешённые IP-адреса' },
    element: <WhiteIpListPage />,
    children: [{ path: 'AddDrawer', element: <AddWhiteIpDrawer /> }],
  },
  { path: '/audit-log', handle: { title: 'Журнал действий' }, element: <AuditLogPage /> },
];
