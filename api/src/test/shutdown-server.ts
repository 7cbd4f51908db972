import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../config';
import { startServer } from '../start-server';

/**
 * The real server (start-server.ts) with a short drain and one slow route, for start-server.test.ts: GET
 * /api/test/slow answers only after the app began closing, so it is in flight while the server stops accepting.
 */
let closed!: () => void;
const closing = new Promise<void>((resolve) => (closed = resolve));
await startServer({
  config: loadConfig(),
  shutdown: { drainMs: 1_000 },
  routes: (app) => {
    app.addHook('preClose', async () => closed());
    app.get('/api/test/slow', async () => {
      app.log.warn('slow request in flight');
      await closing;
      await sleep(300);
      return { status: 'finished' };
    });
  },
});
