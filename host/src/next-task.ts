interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so the browser can paint, parse and answer input first: `scheduler.yield()` where the
 * browser has it (the continuation keeps its place ahead of other queued work), else a message to this window, which
 * unlike `setTimeout` is not clamped to 4 ms after a few nested calls.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
