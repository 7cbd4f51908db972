// Federation module ./dashboard-page (/dashboard, docs/decisions/076): its own chunk, so the lead list's first load
// does not grow.
export { DashboardPage as default } from '../../features/dashboard/components/dashboard-page';
