/** Public: errors on the sign-in page are reported too, so no session is needed. */
export const MONITORING_CONFIG_URL = '/api/monitoring/config';

/**
 * The raw answer of `GET /api/monitoring/config`; the lazily loaded SDK chunk parses it with the shared schema, so
 * zod and the schema stay out of the first-load scripts.
 */
export async function getMonitoringConfig(): Promise<unknown> {
  const response = await fetch(MONITORING_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${MONITORING_CONFIG_URL} answered ${response.status}`);
  return ((await response.json()) as { data?: unknown }).data ?? null;
}
