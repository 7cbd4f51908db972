// Federation module ./lead-status-list-page (/lead-status/list); the host mounts ./add-status-drawer as its child route.
export { LeadStatusListPage as default } from '../../features/lead-statuses/components/lead-status-list-page';
