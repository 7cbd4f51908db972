import { useSyncExternalStore } from 'react';

/** A delete that waits before it is sent, so the user can take it back (docs/decisions/064). */
export interface DeferredDelete {
  /** What the item is known by while it waits (`lead:12`): lists hide rows whose key is pending. */
  key: string;
  /** Sends the delete through the API client; `keepalive` when the page is going away. */
  send: (options: { keepalive: boolean }) => Promise<unknown>;
  /** How long it waits, in ms. */
  delayMs: number;
  /** After the server accepted it. */
  onSent?: () => void;
  /** After the server refused it or could not be reached: the item is back, say so. */
  onFailed?: (error: unknown) => void;
}

interface Pending {
  entry: DeferredDelete;
  timer: ReturnType<typeof setTimeout>;
}

// Module state rather than React state: the wait must outlive the screen that asked (the user navigates on), and
// @crm/shared is one module per page (the host's singleton), so every remote sees the same pending set.
const pending = new Map<string, Pending>();
const listeners = new Set<() => void>();
let keys: ReadonlySet<string> = new Set();
let flushOnPageHide = false;

function changed(): void {
  keys = new Set(pending.keys());
  listeners.forEach((listener) => listener());
}

function take(key: string): DeferredDelete | undefined {
  const item = pending.get(key);
  if (!item) return undefined;
  clearTimeout(item.timer);
  pending.delete(key);
  changed();
  return item.entry;
}

function deliver(entry: DeferredDelete, keepalive: boolean): Promise<void> {
  return entry.send({ keepalive }).then(
    () => entry.onSent?.(),
    (error: unknown) => entry.onFailed?.(error),
  );
}

/**
 * Sends every waiting delete at once with `keepalive`, so closing or reloading the tab does not lose them; resolves
 * when each has been answered. Runs on `pagehide`, and before sign-out revokes the token the deletes are sent with.
 */
export function flushDeferredDeletes(): Promise<void> {
  const sent: Promise<void>[] = [];
  for (const key of [...pending.keys()]) {
    const entry = take(key);
    if (entry) sent.push(deliver(entry, true));
  }
  return Promise.all(sent).then(() => undefined);
}

/**
 * Waits `delayMs`, then sends the delete; answers a function that takes it back (true while it was still waiting).
 * A second delete of the same key replaces the first.
 */
export function deferDelete(entry: DeferredDelete): () => boolean {
  if (!flushOnPageHide && typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => void flushDeferredDeletes());
    flushOnPageHide = true;
  }
  take(entry.key);
  const timer = setTimeout(() => {
    if (take(entry.key)) void deliver(entry, false);
  }, entry.delayMs);
  pending.set(entry.key, { entry, timer });
  changed();
  return () => take(entry.key) !== undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The keys of the deletes still waiting; a list leaves those rows out so a refetch cannot bring them back. */
export function usePendingDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => keys, () => keys);
}
