import { createIcon } from '@crm/shared/ui';

// tabler "grip-vertical" (§9 icon set): the drag handle of a step row.
export const IconGripVertical = createIcon('IconGripVertical', [
  'M8 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M8 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M8 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M14 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M14 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M14 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]);
