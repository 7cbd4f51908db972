// Federation module ./team-form-page.
export { TeamFormPage as default } from '../../features/teams/components/team-form-page';
