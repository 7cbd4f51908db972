import { lazyPart } from './lazy-part';

// Radix Select (with floating-ui, react-remove-scroll, aria-hidden…: about 30 KiB gzip with Radix Dialog, which shares
// most of it) is not part of the kit's first load. Every Select draws its closed field without it and asks for it when
// the user turns to one (focus, press, key); once here, every Select on the page draws itself with Radix
// (docs/decisions/004).
const selectMenu = lazyPart('select-menu', () => import(/* webpackChunkName: "ui-select-menu" */ './select-menu'));

export const loadSelectMenu = selectMenu.load;
export const requestSelectMenu = selectMenu.request;
export const useSelectMenu = selectMenu.useLoaded;
