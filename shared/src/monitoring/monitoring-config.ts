import { z } from 'zod';

/** `GET /api/monitoring/config`: how the browser reports errors; `data: null` when reporting is off (no DSN). */
export const monitoringConfigSchema = z.object({
  dsn: z.string(),
  environment: z.string(),
  release: z.string().nullable(),
  tracesSampleRate: z.number().min(0).max(1),
  /** §9: 0.1 of ordinary sessions are recorded… */
  replaysSessionSampleRate: z.number().min(0).max(1),
  /** …and 1 (all) of the sessions with an error. */
  replaysOnErrorSampleRate: z.number().min(0).max(1),
});
export type MonitoringConfig = z.infer<typeof monitoringConfigSchema>;
