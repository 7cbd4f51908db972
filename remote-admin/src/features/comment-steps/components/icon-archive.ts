import { createIcon } from '@crm/shared/ui';

// tabler "archive" and "archive-off" (the spec's icon set): archive a step, restore it.
export const IconArchive = createIcon('IconArchive', [
  'M3 4m0 2a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v0a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2z',
  'M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-10',
  'M10 12l4 0',
]);
export const IconArchiveOff = createIcon('IconArchiveOff', [
  'M8 4h11a2 2 0 1 1 0 4h-7m-4 0h-3a2 2 0 0 1 -.826 -3.822',
  'M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 1.824 -1.18m.176 -3.82v-7',
  'M10 12h2',
  'M3 3l18 18',
]);
