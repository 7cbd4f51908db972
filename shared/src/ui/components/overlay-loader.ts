import { lazyPart } from './lazy-part';

// Dialog, Drawer and ConfirmDialog on Radix Dialog (with its focus scope, dismissable layer, react-remove-scroll and
// aria-hidden): fetched when one first opens, not with the page (docs/decisions/004).
const overlays = lazyPart('overlays', () => import(/* webpackChunkName: "ui-overlays" */ './overlays'));

export const overlaysPart = overlays;
export const loadOverlays = overlays.load;
export const requestOverlays = overlays.request;
export const useOverlays = overlays.useLoaded;

/** Overlays fetch their part when they first open; without an `open` prop, when they mount. */
export const overlayWanted = (props: object) => !('open' in props) || Boolean((props as { open?: unknown }).open);
