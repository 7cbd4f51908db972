import type { Page } from 'playwright-core';

/**
 * Collects what a user would never see but a broken page leaves behind: uncaught exceptions (`pageerror`) and
 * console errors. Call before navigating; the reader answers everything collected so far.
 */
export function collectPageErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return () => [...errors];
}
