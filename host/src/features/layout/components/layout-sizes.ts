/** The spec's content width boxed: the page, the navbar and the footer are at most this wide (Vuexy's 1440 px). */
export const BOXED_WIDTH = 1440;

/** The scroll-to-top button: its size and its distance from the window's bottom and inline-end edges (rem). */
export const CORNER_BUTTON_REM = 2.5;
export const CORNER_MARGIN_REM = 1.5;
/**
 * The end of the footer kept clear of the scroll-to-top button, beyond the footer's own padding (rem), and how high
 * toasts start: above the button and the footer, so neither covers the footer's link.
 */
export const FOOTER_END_RESERVE_REM = CORNER_BUTTON_REM + 0.5;
export const TOAST_OFFSET_REM = CORNER_MARGIN_REM + CORNER_BUTTON_REM + 0.75;
