import { createIcon } from './icon';

// Paths from the tabler icon set (MIT), the set the spec names; inlined so the kit needs no icon library.
export const IconX = createIcon('IconX', ['M18 6l-12 12', 'M6 6l12 12']);
export const IconPlus = createIcon('IconPlus', ['M12 5l0 14', 'M5 12l14 0']);
export const IconCheck = createIcon('IconCheck', ['M5 12l5 5l10 -10']);
export const IconTrash = createIcon('IconTrash', [
  'M4 7l16 0',
  'M10 11l0 6',
  'M14 11l0 6',
  'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12',
  'M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3',
]);
export const IconPencil = createIcon('IconPencil', [
  'M4 20h4l10.5 -10.5a2.828 2.828 0 1 0 -4 -4l-10.5 10.5v4',
  'M13.5 6.5l4 4',
]);
export const IconEye = createIcon('IconEye', [
  'M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6',
]);
export const IconSearch = createIcon('IconSearch', ['M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', 'M21 21l-6 -6']);
export const IconChevronLeft = createIcon('IconChevronLeft', ['M15 6l-6 6l6 6']);
export const IconChevronRight = createIcon('IconChevronRight', ['M9 6l6 6l-6 6']);
export const IconChevronDown = createIcon('IconChevronDown', ['M6 9l6 6l6 -6']);
export const IconArrowUp = createIcon('IconArrowUp', ['M12 5l0 14', 'M18 11l-6 -6', 'M6 11l6 -6']);
export const IconArrowDown = createIcon('IconArrowDown', ['M12 5l0 14', 'M18 13l-6 6', 'M6 13l6 6']);
export const IconDownload = createIcon('IconDownload', [
  'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2',
  'M7 11l5 5l5 -5',
  'M12 4l0 12',
]);
export const IconLogout = createIcon('IconLogout', [
  'M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2',
  'M9 12h12l-3 -3',
  'M18 15l3 -3',
]);
export const IconRefresh = createIcon('IconRefresh', [
  'M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4',
  'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4',
]);
export const IconAlertCircle = createIcon('IconAlertCircle', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'M12 8v4',
  'M12 16h.01',
]);
export const IconAlertTriangle = createIcon('IconAlertTriangle', [
  'M12 9v4',
  'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0z',
  'M12 16h.01',
]);
export const IconInfoCircle = createIcon('IconInfoCircle', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'M12 9h.01',
  'M11 12h1v4h1',
]);
export const IconCircleCheck = createIcon('IconCircleCheck', ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M9 12l2 2l4 -4']);
export const IconInbox = createIcon('IconInbox', [
  'M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z',
  'M4 13h3l3 3h4l3 -3h3',
]);
export const IconMenu = createIcon('IconMenu', ['M4 6l16 0', 'M4 12l16 0', 'M4 18l16 0']);
// tabler "grip-vertical" (the spec's icon set): the drag handle of a reorderable row.
export const IconGripVertical = createIcon('IconGripVertical', [
  'M8 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M8 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M8 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M14 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M14 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M14 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]);
