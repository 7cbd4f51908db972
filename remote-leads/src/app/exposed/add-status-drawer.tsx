// Federation module ./add-status-drawer: the child route /lead-status/list/AddStatusDrawer.
export { AddStatusDrawer as default } from '../../features/lead-statuses/components/add-status-drawer';
