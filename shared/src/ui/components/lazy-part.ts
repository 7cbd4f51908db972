import { useSyncExternalStore } from 'react';

/**
 * A part of the UI kit whose chunk could not be fetched. It reaches the error boundary around the page, which shows it
 * and raises `preload-error` as for a page that failed to load; the boundary's retry calls `retry()`, so the next
 * render fetches the part again.
 */
export class LazyPartLoadError extends Error {
  override readonly name = 'LazyPartLoadError';
  /** Named in the error report, as a remote's name is for a page. */
  readonly source = '@crm/shared';
  /** The kit part, e.g. `ui/overlays`. */
  readonly moduleId: string;
  readonly retry: () => void;

  constructor(part: string, cause: unknown, retry: () => void) {
    super(`Could not load the ${part} part of the UI kit${cause instanceof Error ? `: ${cause.message}` : ''}`, { cause });
    this.moduleId = `ui/${part}`;
    this.retry = retry;
  }
}

/** A part of the kit fetched on first use instead of with the page: its module once here, and the means to ask for it. */
export interface LazyPart<M> {
  /** Fetches the part once; a failed fetch rejects with a {@link LazyPartLoadError} until that error's `retry()`. */
  load(): Promise<M>;
  /** `load` for event handlers and effects; a failure reaches the components that use the part (see `useLoaded`). */
  request(): void;
  /**
   * The module once it has loaded, else null; components re-render when it arrives. Once a fetch failed it throws the
   * {@link LazyPartLoadError} to the nearest error boundary: a part that cannot load never leaves a control silently
   * dead.
   */
  useLoaded(): M | null;
}

export function lazyPart<M>(part: string, importer: () => Promise<M>): LazyPart<M> {
  let loaded: M | null = null;
  let failure: LazyPartLoadError | null = null;
  // The failed promise stays until `retry()`: a suspended component rendered again gets the same rejection, not a
  // new fetch each render.
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const snapshot = () => (failure ?? loaded);
  const retry = () => {
    if (!failure) return;
    failure = null;
    loading = null;
    notify();
  };
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        notify();
        return module;
      },
      (error: unknown) => {
        failure = new LazyPartLoadError(part, error, retry);
        notify();
        throw failure;
      },
    );
    return loading;
  };
  return {
    load,
    request: () => {
      load().catch(() => undefined);
    },
    useLoaded: () => {
      const current = useSyncExternalStore(subscribe, snapshot, snapshot);
      if (current instanceof LazyPartLoadError) throw current;
      return current;
    },
  };
}
