import type { Page } from 'playwright-core';

/** Calls the API with the page's stored token, to check what the server holds after a UI action. */
export async function apiGet<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sends a write to the API as the page's signed-in user (for the other side of a two-user test). */
export async function apiSend<T>(page: Page, baseUrl: string, method: 'POST' | 'GET' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.fetch(`${baseUrl}/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}
