// Federation module ./add-white-ip-drawer: the child route /white-ip/list/AddDrawer.
export { AddWhiteIpDrawer as default } from '../../features/white-ips/components/add-white-ip-drawer';
