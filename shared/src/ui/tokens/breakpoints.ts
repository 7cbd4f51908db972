/** Breakpoints in px, the spec's: a width belongs to the largest breakpoint it reaches. */
export const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Below this width the navigation becomes an overlay. */
export const OVERLAY_NAV_BREAKPOINT = 976;

/** Media queries for styled-components: `${media.up('md')} { … }`. */
export const media = {
  up: (bp: Breakpoint | number) => `@media (min-width: ${typeof bp === 'number' ? bp : breakpoints[bp]}px)`,
  down: (bp: Breakpoint | number) => `@media (max-width: ${(typeof bp === 'number' ? bp : breakpoints[bp]) - 0.02}px)`,
};
