import type { RouteObject } from '@crm/shared/router';
import AddStatusDrawer from './exposed/add-status-drawer';
import LeadDetailRoute from './exposed/lead-detail-page';
import LeadFormRoute from './exposed/lead-form-page';
import LeadsListRoute from './exposed/leads-list-page';
import LeadStatusListPage from './exposed/lead-status-list-page';

/** The standalone shell's routes: the same paths and child routes the host gives these modules (issue §4). */
export const routes: RouteObject[] = [
  { path: '/leads/list', handle: { title: 'Лиды' }, element: <LeadsListRoute /> },
  // Both readings of the form routes (§2): create and add (with its child LeadForm); edit when `:id` is present.
  { path: '/leads/create', handle: { title: 'Добавить лида' }, element: <LeadFormRoute /> },
  { path: '/leads/add', element: <LeadFormRoute />, children: [{ path: 'LeadForm', element: null }] },
  { path: '/leads/:id/edit', element: <LeadFormRoute /> },
  { path: '/leads/:id', element: <LeadDetailRoute /> },
  {
    path: '/lead-status/list',
    handle: { title: 'Статусы лидов' },
    element: <LeadStatusListPage />,
    children: [{ path: 'AddStatusDrawer', element: <AddStatusDrawer /> }],
  },
];
