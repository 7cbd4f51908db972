import { createIcon } from '@crm/shared/ui';

// tabler "download" (§9 icon set); the kit has no download icon yet.
export const IconDownload = createIcon('IconDownload', [
  'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2',
  'M7 11l5 5l5 -5',
  'M12 4l0 12',
]);
