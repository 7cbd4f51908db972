// Federation module ./team-list-page.
export { TeamListPage as default } from '../../features/teams/components/team-list-page';
