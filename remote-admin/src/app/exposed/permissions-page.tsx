// Federation module ./permissions-page (/apps/permissions).
export { PermissionsPage as default } from '../../features/permissions/components/permissions-page';
