import { useCallback, useSyncExternalStore } from 'react';
import { media, type Breakpoint } from '../tokens/breakpoints';

/**
 * Whether a CSS media query matches, following changes. False where `matchMedia` is missing (jsdom, old browsers), so
 * a screen drawn without it is the wide one.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** Whether the window is narrower than a breakpoint (`useBreakpointDown('sm')`: a phone), the same query as `media.down`. */
export function useBreakpointDown(bp: Breakpoint): boolean {
  return useMediaQuery(media.down(bp).replace(/^@media /, ''));
}
