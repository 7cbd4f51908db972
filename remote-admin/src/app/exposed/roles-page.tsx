// Federation module ./roles-page (/apps/roles).
export { RolesPage as default } from '../../features/roles/components/roles-page';
