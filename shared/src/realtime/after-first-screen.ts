import { useEffect, useState } from 'react';

/** The longest the work waits for an idle moment once the page has painted. */
const IDLE_TIMEOUT_MS = 5000;
/** How long the page's largest paint must stay unchanged before the work starts, where the browser reports it. */
const PAINT_SETTLED_MS = 1000;
/** The longest the work waits for the largest paint to settle after the load event. */
const PAINT_SETTLED_MAX_MS = 8000;

/** Calls `task` when the main thread is next idle; answers a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/** Calls `task` once the window's load event has fired (at once if it has); answers a cancel. */
function whenLoaded(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => undefined;
  }
  const listener = () => task();
  window.addEventListener('load', listener, { once: true });
  return () => window.removeEventListener('load', listener);
}

/**
 * Calls `task` once the page's largest paint has not changed for PAINT_SETTLED_MS (at most PAINT_SETTLED_MAX_MS),
 * where the browser reports largest-contentful-paint entries; at once where it does not. Answers a cancel.
 */
function whenPaintSettled(task: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    task();
    return () => undefined;
  }
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(cap);
    task();
  };
  const restart = () => {
    clearTimeout(quiet);
    quiet = setTimeout(finish, PAINT_SETTLED_MS);
  };
  const observer = new PerformanceObserver(restart);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  const cap = setTimeout(finish, PAINT_SETTLED_MAX_MS);
  restart();
  return () => {
    done = true;
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(cap);
  };
}

/**
 * Runs `task` after the page's first screen: the window's load event, the largest paint settled, then an idle moment
 * (on a page long loaded: about a second once its last largest paint). What the shell needs only after the page itself —
 * the realtime connection (pusher-js's chunk, the config, the socket and the sign-in), the bell's and the task menu's
 * counts — thereby starts outside the page's LCP window, not while the remote page's chunks and data are still on
 * their way (docs/decisions/080). Answers a cancel.
 */
export function afterFirstScreen(task: () => void): () => void {
  const cancels: Array<() => void> = [];
  cancels.push(whenLoaded(() => cancels.push(whenPaintSettled(() => cancels.push(whenIdle(task))))));
  return () => {
    for (const cancel of cancels) cancel();
  };
}

/**
 * False until the page's first screen has passed (see afterFirstScreen), then true: a count the first paint does not
 * need (the bell's, the task menu's) asks for its data from then on. Each caller waits on its own rather than reading
 * RealtimeProvider's wait from a context: so each count's render is a task of its own, apart from the connection's
 * start (read from the provider, the list's and the form's simulated TBT rose by 40–60 ms, docs/decisions/080).
 */
export function useAfterFirstScreen(): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => (passed ? undefined : afterFirstScreen(() => setPassed(true))), [passed]);
  return passed;
}
