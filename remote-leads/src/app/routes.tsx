import type { RouteObject } from 'react-router-dom';
import AddStatusDrawer from './exposed/add-status-drawer';
import LeadsListRoute from './exposed/leads-list-page';
import LeadStatusListPage from './exposed/lead-status-list-page';

/** The standalone shell's routes: the same paths and child routes the host gives these modules (issue §4). */
export const routes: RouteObject[] = [
  { path: '/leads/list', handle: { title: 'Лиды' }, element: <LeadsListRoute /> },
  {
    path: '/lead-status/list',
    handle: { title: 'Статусы лидов' },
    element: <LeadStatusListPage />,
    children: [{ path: 'AddStatusDrawer', element: <AddStatusDrawer /> }],
  },
];
