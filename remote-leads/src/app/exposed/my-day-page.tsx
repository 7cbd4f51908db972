// Federation module ./my-day-page (/tasks): "Мой день", the caller's tasks (docs/decisions/074).
export { MyDayPage as default } from '../../features/tasks/components/my-day-page';
