import * as Sentry from '@sentry/react';
import { monitoringConfigSchema, NO_PERSONAL_DATA, scrubEvent } from '@crm/shared/monitoring';
import type { ErrorTags, ReportingSdk } from './error-reporter';

/**
 * The lazily loaded chunk: @sentry/react with Session Replay (0.1 of sessions, all sessions with an error), all
 * text and inputs masked and media blocked, nothing personal collected, and every event scrubbed before it leaves.
 */
export function initSentry(raw: unknown): ReportingSdk {
  const config = monitoringConfigSchema.parse(raw);
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release ?? undefined,
    dataCollection: NO_PERSONAL_DATA,
    tracesSampleRate: config.tracesSampleRate,
    replaysSessionSampleRate: config.replaysSessionSampleRate,
    replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
    integrations: [
      ...(config.tracesSampleRate > 0 ? [Sentry.browserTracingIntegration()] : []),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === 'ui.input' ? null : breadcrumb),
  });
  return {
    capture(error: unknown, tags?: ErrorTags) {
      Sentry.withScope((scope) => {
        if (tags) scope.setTags(tags);
        Sentry.captureException(error);
      });
    },
  };
}
