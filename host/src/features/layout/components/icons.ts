import { createIcon } from '@crm/shared/ui';

// Tabler outline icons (MIT, the set the spec names) that only the shell uses; the kit holds the shared ones.
export const IconUsers = createIcon('IconUsers', [
  'M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2',
  'M16 3.13a4 4 0 0 1 0 7.75',
  'M21 21v-2a4 4 0 0 0 -3 -3.85',
]);
// Tabler's chart-bar.
export const IconChartBar = createIcon('IconChartBar', [
  'M3 13a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z',
  'M15 9a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z',
  'M9 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z',
  'M4 20h14',
]);
export const IconTag = createIcon('IconTag', [
  'M5.5 7.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M3 6v5.172a2 2 0 0 0 .586 1.414l7.71 7.71a2.41 2.41 0 0 0 3.408 0l5.592 -5.592a2.41 2.41 0 0 0 0 -3.408l-7.71 -7.71a2 2 0 0 0 -1.414 -.586h-5.172a3 3 0 0 0 -3 3z',
]);
export const IconFileText = createIcon('IconFileText', [
  'M14 3v4a1 1 0 0 0 1 1h4',
  'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z',
  'M9 9l1 0',
  'M9 13l6 0',
  'M9 17l6 0',
]);
export const IconFolder = createIcon('IconFolder', [
  'M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2',
]);
export const IconMessages = createIcon('IconMessages', [
  'M21 14l-3 -3h-7a1 1 0 0 1 -1 -1v-6a1 1 0 0 1 1 -1h9a1 1 0 0 1 1 1v10',
  'M14 15v2a1 1 0 0 1 -1 1h-7l-3 3v-10a1 1 0 0 1 1 -1h2',
]);
export const IconUsersGroup = createIcon('IconUsersGroup', [
  'M10 13a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M8 21v-1a2 2 0 0 1 2 -2h4a2 2 0 0 1 2 2v1',
  'M15 5a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M17 10h2a2 2 0 0 1 2 2v1',
  'M5 5a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M3 13v-1a2 2 0 0 1 2 -2h2',
]);
export const IconShield = createIcon('IconShield', [
  'M12 3a12 12 0 0 0 8.5 3a12 12 0 0 1 -8.5 15a12 12 0 0 1 -8.5 -15a12 12 0 0 0 8.5 -3',
]);
export const IconKey = createIcon('IconKey', [
  'M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1 -4.069 0l-.301 -.301l-6.558 6.558a2 2 0 0 1 -1.239 .578l-.175 .008h-1.172a1 1 0 0 1 -.993 -.883l-.007 -.117v-1.172a2 2 0 0 1 .467 -1.284l.119 -.13l.414 -.414h2v-2h2v-2l2.144 -2.144l-.301 -.301a2.877 2.877 0 0 1 0 -4.069l2.643 -2.643a2.877 2.877 0 0 1 4.069 0z',
  'M15 9h.01',
]);
export const IconWorld = createIcon('IconWorld', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0',
  'M3.6 9h16.8',
  'M3.6 15h16.8',
  'M11.5 3a17 17 0 0 0 0 18',
  'M12.5 3a17 17 0 0 1 0 18',
]);
export const IconSun = createIcon('IconSun', [
  'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
]);
export const IconMoon = createIcon('IconMoon', [
  'M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454z',
]);
export const IconDeviceDesktop = createIcon('IconDeviceDesktop', [
  'M3 5a1 1 0 0 1 1 -1h16a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-16a1 1 0 0 1 -1 -1v-10z',
  'M7 20h10',
  'M9 16v4',
  'M15 16v4',
]);
export const IconUser = createIcon('IconUser', [
  'M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0',
  'M6 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2',
]);
export const IconLanguage = createIcon('IconLanguage', [
  'M4 5h7',
  'M9 3v2c0 4.418 -2.239 8 -5 8',
  'M5 9c0 2.144 2.952 3.908 6.7 4',
  'M12 20l4 -9l4 9',
  'M19.1 18h-6.2',
]);
/** Tabler's puzzle: the Модули page (the remotes the app is assembled from). */
export const IconPuzzle = createIcon('IconPuzzle', [
  'M4 7h3a1 1 0 0 0 1 -1v-1a2 2 0 0 1 4 0v1a1 1 0 0 0 1 1h3a1 1 0 0 1 1 1v3a1 1 0 0 0 1 1h1a2 2 0 0 1 0 4h-1a1 1 0 0 0 -1 1v3a1 1 0 0 1 -1 1h-3a1 1 0 0 1 -1 -1v-1a2 2 0 0 0 -4 0v1a1 1 0 0 1 -1 1h-3a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1h1a2 2 0 0 0 0 -4h-1a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1',
]);
/** Tabler's webhook: the Вебхуки page. */
export const IconWebhook = createIcon('IconWebhook', [
  'M4.876 13.61a4 4 0 1 0 6.124 3.39h6',
  'M15.066 20.502a4 4 0 1 0 1.934 -7.502c-.706 0 -1.424 .179 -2 .5l-3 -5.5',
  'M16 8a4 4 0 1 0 -8 0c0 1.506 .77 2.818 2 3.5l-3 5.5',
]);
export const IconHistory = createIcon('IconHistory', ['M12 8l0 4l2 2', 'M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5']);
export const IconSettings = createIcon('IconSettings', [
  'M10.325 4.317c.426 -1.756 2.924 -1.756 3.35 0a1.724 1.724 0 0 0 2.573 1.066c1.543 -.94 3.31 .826 2.37 2.37a1.724 1.724 0 0 0 1.065 2.572c1.756 .426 1.756 2.924 0 3.35a1.724 1.724 0 0 0 -1.066 2.573c.94 1.543 -.826 3.31 -2.37 2.37a1.724 1.724 0 0 0 -2.572 1.065c-.426 1.756 -2.924 1.756 -3.35 0a1.724 1.724 0 0 0 -2.573 -1.066c-1.543 .94 -3.31 -.826 -2.37 -2.37a1.724 1.724 0 0 0 -1.065 -2.572c-1.756 -.426 -1.756 -2.924 0 -3.35a1.724 1.724 0 0 0 1.066 -2.573c-.94 -1.543 .826 -3.31 2.37 -2.37c1 .608 2.296 .07 2.572 -1.065z',
  'M9 12a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
]);
export const IconRefresh = createIcon('IconRefresh', ['M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4', 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4']);
export const IconChecklist = createIcon('IconChecklist', [
  'M9.615 20h-2.615a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2h8a2 2 0 0 1 2 2v8',
  'M14 19l2 2l4 -4',
  'M9 8h4',
  'M9 12h2',
]);
