import { useEffect, useMemo, useRef } from 'react';

/** A debounced function; `flush()` runs a pending call at once. */
export type DebouncedCallback<A extends unknown[]> = ((...args: A) => void) & { flush: () => void };

/** `callback`, called only once calls have stopped for `delay` ms, with the last arguments; cancelled on unmount. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delay: number): DebouncedCallback<A> {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | null>(null);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const run = () => {
      clearTimeout(timer.current);
      const args = pending.current;
      pending.current = null;
      if (args) latest.current(...args);
    };
    return Object.assign(
      (...args: A) => {
        clearTimeout(timer.current);
        pending.current = args;
        timer.current = setTimeout(run, delay);
      },
      { flush: run },
    );
  }, [delay]);
}
