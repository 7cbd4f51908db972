import type { Page } from 'playwright-core';

/** Calls the API with the page's stored token, to check what the server holds after a UI action. */
export async function apiGet<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}
