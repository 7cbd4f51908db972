import type { RouteObject } from 'react-router-dom';
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
    handle: { title: 'Comment steps' },
    element: <CommentStepListPage />,
    children: [{ path: 'AddStepDrawer', element: <AddStepDrawer /> }],
  },
  { path: '/apps/users', handle: { title: 'Users' }, element: <UsersPage /> },
  { path: '/team', handle: { title: 'Teams' }, element: <TeamListPage /> },
  { path: '/team/create', element: <TeamFormPage /> },
  { path: '/team/:idEdit', element: <TeamFormPage /> },
  { path: '/apps/roles', handle: { title: 'Roles' }, element: <RolesPage /> },
  { path: '/apps/permissions', handle: { title: 'Permissions' }, element: <PermissionsPage /> },
  {
    path: '/white-ip/list',
    handle: { title: 'IP allow-list' },
    element: <WhiteIpListPage />,
    children: [{ path: 'AddDrawer', element: <AddWhiteIpDrawer /> }],
  },
  { path: '/audit-log', handle: { title: 'Audit log' }, element: <AuditLogPage /> },
];
