// A second API instance for bench/realtime.mjs --instances=2, in its own process as a deployment runs it: the API on a
// fresh PGlite database, with the environment it is given (REDIS_URL and the shared PUSHER_URL), listening on a free
// port. Reports the port, answers with its connection count and CPU time, closes when told.
import { startBenchApp } from './lib/bench-app.mjs';

const env = JSON.parse(process.argv[2]);
const bench = await startBenchApp({ name: 'PGlite', kind: 'pglite' }, env, { realtime: { limits: { maxConnectionsPerIp: 100_000 } } });
await bench.app.listen({ port: 0, host: '127.0.0.1' });
process.send({ type: 'listening', port: bench.app.server.address().port });
process.on('message', async (message) => {
  if (message.type === 'cpu') process.send({ type: 'cpu', usage: process.cpuUsage() });
  if (message.type === 'count') process.send({ type: 'count', connections: bench.app.realtime.server.connectionCount });
  if (message.type === 'close') {
    await bench.close();
    process.exit(0);
  }
});
