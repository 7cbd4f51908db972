import closeWithGrace from 'close-with-grace';
import { type App, buildApp, type BuildAppOptions } from './app';
import { DEFAULT_DRAIN_MS } from './plugins/graceful-shutdown';

export interface StartServerOptions extends Pick<BuildAppOptions, 'config' | 'shutdown'> {
  /** Adds routes before the app is ready (the shutdown test adds a slow one). */
  routes?: (app: App) => void;
}

/** The time a close may take after the drain: jobs handing back, sockets closing, requests in flight finishing. */
const CLOSE_MS = 20_000;

/**
 * Builds the app, listens, and on SIGINT/SIGTERM drains and closes it (plugins/graceful-shutdown.ts); a second signal,
 * an uncaught error or a close that overruns its time exits at once with code 1 (close-with-grace).
 */
export async function startServer({ config, shutdown, routes }: StartServerOptions): Promise<App> {
  const startedAt = performance.now();
  const app = await buildApp({ config, shutdown });
  routes?.(app);

  closeWithGrace({ delay: (shutdown?.drainMs ?? DEFAULT_DRAIN_MS) + CLOSE_MS }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'Closing after an uncaught error');
      await app.close();
      return;
    }
    app.log.info({ signal }, 'Shutting down: draining, then closing');
    await app.shutdown.drainAndClose();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), web: `${config.appUrl}/build/`, docs: `${config.appUrl}/api/docs` },
    'CRM API ready',
  );
  return app;
}
