import { z } from 'zod/mini';

const sampleRate = () => z.number().check(z.minimum(0), z.maximum(1));

/** `GET /api/monitoring/config`: how the browser reports errors; `data: null` when reporting is off (no DSN). */
export const monitoringConfigSchema = z.object({
  dsn: z.string(),
  environment: z.string(),
  release: z.nullable(z.string()),
  tracesSampleRate: sampleRate(),
  /** 0.1 of ordinary sessions are recorded… */
  replaysSessionSampleRate: sampleRate(),
  /** …and 1 (all) of the sessions with an error. */
  replaysOnErrorSampleRate: sampleRate(),
});
export type MonitoringConfig = z.infer<typeof monitoringConfigSchema>;
