/** The spec's content width boxed: the page, the navbar and the footer are at most this wide (Vuexy's 1440 px). */
export const BOXED_WIDTH = 1440;
