import { getMonitoringConfig } from '../api/get-monitoring-config';

/** What a report says about where it happened: `remote`, `module`, `route`… (Sentry tags). */
export type ErrorTags = Record<string, string>;

export interface ReportingSdk {
  capture(error: unknown, tags?: ErrorTags): void;
}

interface Pending {
  error: unknown;
  tags?: ErrorTags;
}

// The first-load side of error reporting: a queue and two listeners. The SDK itself loads after the first paint.
const MAX_QUEUED = 30;
let queue: Pending[] | null = [];
let sdk: ReportingSdk | null = null;
let started = false;

const onError = (event: ErrorEvent) => enqueue({ error: event.error ?? event.message });
const onRejection = (event: PromiseRejectionEvent) => enqueue({ error: event.reason });

function enqueue(item: Pending): void {
  if (queue && queue.length < MAX_QUEUED) queue.push(item);
}

function stopListening(): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
}

/**
 * Reports an error: at once when the SDK is loaded, queued until then (sent once it loads), dropped when reporting
 * turns out to be off.
 */
export function reportError(error: unknown, tags?: ErrorTags): void {
  if (sdk) sdk.capture(error, tags);
  else enqueue({ error, tags });
}

async function loadSdk(): Promise<void> {
  try {
    const config = await getMonitoringConfig();
    if (config) {
      const { initSentry } = await import(/* webpackChunkName: "sentry" */ './init-sentry');
      sdk = initSentry(config);
    }
  } catch (error) {
    console.warn('Error reporting is unavailable', error);
  }
  // From here the SDK's own handlers see uncaught errors (or nobody does, when reporting is off).
  stopListening();
  const pending = queue ?? [];
  queue = null;
  if (sdk) for (const { error, tags } of pending) sdk.capture(error, tags);
}

/**
 * Starts error reporting: listens for uncaught errors now, and after the first paint (the window's load) asks the API
 * for the Sentry settings and, only when a DSN is set, downloads the SDK and sends what was queued.
 */
export function startErrorReporting(): void {
  if (started) return;
  started = true;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const later = () => setTimeout(() => void loadSdk(), 0);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
