import { createIcon } from '@crm/shared/ui';

// Tabler's "star" outline; the kit has no star yet. Pass fill="currentColor" for the starred state.
export const IconStar = createIcon('IconStar', [
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z',
]);
