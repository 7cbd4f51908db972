import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../config';
import { startServer } from '../start-server';

/**
 * The real server (start-server.ts) with a short drain and one slow route, for start-server.test.ts: GET
 * /api/test/slow answers only after the app began closing, so it is in flight while the server stops accepting.
 */
const closing = Promise.withResolvers<void>();
await startServer({
  config: loadConfig(),
  shutdown: { drainMs: 1_000 },
  routes: (app) => {
    app.addHook('preClose', async () => closing.resolve());
    app.get('/api/test/slow', async () => {
      app.log.warn('slow request in flight');
      await closing.promise;
      await sleep(300);
      return { status: 'finished' };
    });
  },
});
