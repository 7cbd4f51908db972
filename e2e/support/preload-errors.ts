import type { Page } from 'playwright-core';

/** What the host's `preload-error` event names (SPEC §8: a failed page load raises it). */
export interface RecordedPreloadError {
  source: string;
  moduleId: string;
}

/**
 * Records every `preload-error` the page raises, from its first script on (call before navigating), and returns
 * a reader for what was raised so far.
 */
export async function collectPreloadErrors(page: Page): Promise<() => Promise<RecordedPreloadError[]>> {
  await page.addInitScript(() => {
    const raised: { source: string; moduleId: string }[] = [];
    (window as unknown as { __preloadErrors: typeof raised }).__preloadErrors = raised;
    window.addEventListener('preload-error', (event) => {
      const { source, moduleId } = (event as CustomEvent<{ source: string; moduleId: string }>).detail;
      raised.push({ source, moduleId });
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { __preloadErrors: RecordedPreloadError[] }).__preloadErrors]);
}
