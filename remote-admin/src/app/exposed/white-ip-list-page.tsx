// Federation module ./white-ip-list-page (/white-ip/list); the host mounts ./add-white-ip-drawer as its child route.
export { WhiteIpListPage as default } from '../../features/white-ips/components/white-ip-list-page';
