import type { Page } from 'playwright-core';

/** What the host's `preload-error` event names (the spec's error catalogue: a failed page load raises it). */
export interface RecordedPreloadError {
  source: string;
  moduleId: string;
  /** Only for a remote built for another @crm/shared: its version and commit, the range it needs, the host's. */
  versions?: Record<string, string>;
}

/**
 * Records every `preload-error` the page raises, from its first script on (call before navigating), and returns
 * a reader for what was raised so far.
 */
export async function collectPreloadErrors(page: Page): Promise<() => Promise<RecordedPreloadError[]>> {
  await page.addInitScript(() => {
    type Detail = { source: string; moduleId: string; versions?: Record<string, string> };
    const raised: Detail[] = [];
    (window as unknown as { __preloadErrors: typeof raised }).__preloadErrors = raised;
    window.addEventListener('preload-error', (event) => {
      const { source, moduleId, versions } = (event as CustomEvent<Detail>).detail;
      raised.push(versions ? { source, moduleId, versions } : { source, moduleId });
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { __preloadErrors: RecordedPreloadError[] }).__preloadErrors]);
}
