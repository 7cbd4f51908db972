// Federation module ./users-page.
export { UsersPage as default } from '../../features/users/components/users-page';
