// The chunk overlay-loader.ts fetches: the kit's overlays on Radix Dialog.
export { ConfirmDialog } from './radix-confirm-dialog';
export { Dialog } from './radix-dialog';
export { Drawer } from './radix-drawer';
export { RouteFormDrawer } from '../crud-list-page/route-form-drawer-view';
