import { createIcon } from '@crm/shared/ui';

// Tabler outlines (MIT), the icon set the spec names, inlined like the kit's own icons.
const LETTER_H = ['M4 6v12', 'M12 6v12', 'M11 18h2', 'M3 18h2', 'M4 12h8', 'M3 6h2', 'M11 6h2'];

export const IconBold = createIcon('IconBold', ['M7 5h6a3.5 3.5 0 0 1 0 7h-6z', 'M13 12h1a3.5 3.5 0 0 1 0 7h-7v-7']);
export const IconItalic = createIcon('IconItalic', ['M11 5l6 0', 'M7 19l6 0', 'M14 5l-4 14']);
export const IconUnderline = createIcon('IconUnderline', ['M7 5v5a5 5 0 0 0 10 0v-5', 'M5 19h14']);
export const IconStrikethrough = createIcon('IconStrikethrough', [
  'M5 12l14 0',
  'M16 6.5a4 2 0 0 0 -4 -1.5h-1a3.5 3.5 0 0 0 0 7h2a3.5 3.5 0 0 1 0 7h-1.5a4 2 0 0 1 -4 -1.5',
]);
export const IconH1 = createIcon('IconH1', ['M19 18v-8l-2 2', ...LETTER_H]);
export const IconH2 = createIcon('IconH2', [
  'M17 12a2 2 0 1 1 4 0c0 .591 -.417 1.318 -.816 1.858l-3.184 4.143l4 0',
  ...LETTER_H,
]);
export const IconH3 = createIcon('IconH3', [
  'M19 14a2 2 0 1 0 -2 -2',
  'M17 16a2 2 0 1 0 2 -2',
  ...LETTER_H,
]);
export const IconBlockquote = createIcon('IconBlockquote', [
  'M6 15h15',
  'M21 19h-15',
  'M15 11h6',
  'M21 7h-6',
  'M9 9h1a1 1 0 1 1 -1 1v-2.5a2 2 0 0 1 2 -2',
  'M3 9h1a1 1 0 1 1 -1 1v-2.5a2 2 0 0 1 2 -2',
]);
export const IconList = createIcon('IconList', [
  'M9 6l11 0',
  'M9 12l11 0',
  'M9 18l11 0',
  'M5 6l0 .01',
  'M5 12l0 .01',
  'M5 18l0 .01',
]);
export const IconListNumbers = createIcon('IconListNumbers', [
  'M11 6h9',
  'M11 12h9',
  'M12 18h8',
  'M4 16a2 2 0 1 1 4 0c0 .591 -.5 1 -1 1.5l-3 2.5h4',
  'M6 10v-6l-2 2',
]);
export const IconListCheck = createIcon('IconListCheck', [
  'M3.5 5.5l1.5 1.5l2.5 -2.5',
  'M3.5 11.5l1.5 1.5l2.5 -2.5',
  'M3.5 17.5l1.5 1.5l2.5 -2.5',
  'M11 6l9 0',
  'M11 12l9 0',
  'M11 18l9 0',
]);
export const IconLink = createIcon('IconLink', [
  'M9 15l6 -6',
  'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
  'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
]);
export const IconUnlink = createIcon('IconUnlink', [
  'M17 22v-2',
  'M9 15l6 -6',
  'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
  'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
  'M20 17h2',
  'M2 7h2',
  'M7 2v2',
]);
export const IconPhoto = createIcon('IconPhoto', [
  'M15 8h.01',
  'M3 6a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3v-12z',
  'M3 16l5 -5c.928 -.893 2.072 -.893 3 0l5 5',
  'M14 14l1 -1c.928 -.893 2.072 -.893 3 0l3 3',
]);
export const IconVideo = createIcon('IconVideo', [
  'M2 8a4 4 0 0 1 4 -4h12a4 4 0 0 1 4 4v8a4 4 0 0 1 -4 4h-12a4 4 0 0 1 -4 -4v-8z',
  'M10 9l5 3l-5 3z',
]);
export const IconTable = createIcon('IconTable', [
  'M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14z',
  'M3 10h18',
  'M10 3v18',
]);
export const IconCode = createIcon('IconCode', ['M7 8l-4 4l4 4', 'M17 8l4 4l-4 4', 'M14 4l-4 16']);
export const IconMoodSmile = createIcon('IconMoodSmile', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'M9 10l.01 0',
  'M15 10l.01 0',
  'M9.5 15a3.5 3.5 0 0 0 5 0',
]);
export const IconSquareChevronDown = createIcon('IconSquareChevronDown', [
  'M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2z',
  'M8 10l4 4l4 -4',
]);
export const IconArrowBackUp = createIcon('IconArrowBackUp', ['M9 14l-4 -4l4 -4', 'M5 10h11a4 4 0 1 1 0 8h-1']);
export const IconArrowForwardUp = createIcon('IconArrowForwardUp', ['M15 14l4 -4l-4 -4', 'M19 10h-11a4 4 0 1 0 0 8h1']);
export const IconDots = createIcon('IconDots', [
  'M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]);
export const IconExternalLink = createIcon('IconExternalLink', [
  'M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6',
  'M11 13l9 -9',
  'M15 4h5v5',
]);
