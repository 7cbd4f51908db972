/** Default z-index of overlays: dialogs, drawers, their backdrops (the spec's figure). */
export const Z_INDEX_OVERLAY = 2000;
/** Toasts close after this long (the spec's figure). */
export const TOAST_DURATION_MS = 3000;
/** Select and combo menus are at most this tall (the spec's figure). */
export const SELECT_MENU_MAX_HEIGHT = 310;
/** Keyboard type-ahead in a select forgets the typed letters after this pause (the spec's figure). */
export const TYPE_AHEAD_RESET_MS = 1000;
/** How long a delete waits for 'Отменить' before it is sent (docs/decisions/064). */
export const UNDO_DELETE_MS = 10_000;
