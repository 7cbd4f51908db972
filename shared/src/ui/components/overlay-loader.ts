import { lazyPart } from './lazy-part';

// Dialog, Drawer and ConfirmDialog on Radix Dialog (with its focus scope, dismissable layer, react-remove-scroll and
// aria-hidden): fetched when one first opens, not with the page (docs/decisions/004).
const overlays = lazyPart(() => import(/* webpackChunkName: "ui-overlays" */ './overlays'));

export const loadOverlays = overlays.load;
export const requestOverlays = overlays.request;
export const useOverlays = overlays.useLoaded;
