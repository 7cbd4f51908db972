import { standaloneRoutes } from '@crm/shared/standalone';
import AddStatusDrawer from './exposed/add-status-drawer';
import DashboardRoute from './exposed/dashboard-page';
import LeadDetailRoute from './exposed/lead-detail-page';
import LeadFormRoute from './exposed/lead-form-page';
import LeadsListRoute from './exposed/leads-list-page';
import LeadStatusListPage from './exposed/lead-status-list-page';
import MyDayPage from './exposed/my-day-page';

/** The standalone shell's routes: the host's paths for these modules, from the route table (shared/src/routes). */
export const routes = standaloneRoutes(
  'leads',
  {
    './leads-list-page': LeadsListRoute,
    './lead-detail-page': LeadDetailRoute,
    './lead-form-page': LeadFormRoute,
    './lead-status-list-page': LeadStatusListPage,
    './add-status-drawer': AddStatusDrawer,
    './my-day-page': MyDayPage,
    './dashboard-page': DashboardRoute,
  },
  { '/dashboard': 'Дашборд', '/leads/list': 'Лиды', '/leads/create': 'Добавить лида', '/lead-status/list': 'Статусы лидов', '/tasks': 'Мой день' },
);
