import { createIcon } from '@crm/shared/ui';

// tabler "upload" (the spec's icon set); the kit has no upload icon yet.
export const IconUpload = createIcon('IconUpload', [
  'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2',
  'M7 9l5 -5l5 5',
  'M12 4l0 12',
]);
