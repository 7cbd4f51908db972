import { useSyncExternalStore } from 'react';

/** A part of the kit fetched on first use instead of with the page: its module once here, and the means to ask for it. */
export interface LazyPart<M> {
  /** Fetches the part once; a failed fetch is tried again on the next call. */
  load(): Promise<M>;
  /** `load` for event handlers and effects: a failure leaves things as they are, to try again on the next use. */
  request(): void;
  /** The module once it has loaded, else null; components re-render when it arrives. */
  useLoaded(): M | null;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => loaded;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    request: () => {
      load().catch(() => undefined);
    },
    useLoaded: () => useSyncExternalStore(subscribe, snapshot, snapshot),
  };
}
