// Realtime bench (issue 11): how many Pusher-protocol connections one API process holds, what each costs in
// memory, and how long a broadcast published through the `pusher` library (the app's own path: signed HTTP API →
// embedded endpoint → every socket) takes to reach all of them. Prints figures; asserts nothing.
//   node --expose-gc --import tsx realtime.mjs [--rounds=20] [--sizes=1000,5000]
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', 20));
const sizes = arg('sizes', '1000,5000').split(',').map(Number);
const CHANNEL = 'bench';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

// Every client connects from 127.0.0.1: the per-address limit (1,000) is lifted for the run.
const bench = await startBenchApp({ name: 'PGlite', kind: 'pglite' }, {}, { realtime: { limits: { maxConnectionsPerIp: 100_000 } } });
const { app } = bench;
await app.listen({ port: 0, host: '127.0.0.1' });
const port = app.server.address().port;
const key = app.config.realtime.key;
if (!globalThis.gc) console.log('(run with --expose-gc for steadier memory figures)');
console.log(`embedded endpoint on :${port}, ${rounds} broadcasts per size, Node ${process.version}`);

const results = [];
for (const size of sizes) {
  await settle();
  const before = process.memoryUsage();
  const started = performance.now();
  const clients = fork(path.join(here, 'realtime-clients.mjs'), [String(port), key, String(size), CHANNEL]);
  const messages = [];
  let wake;
  clients.on('message', (message) => {
    if (message.type === 'error') console.error('client error:', message.message);
    messages.push(message);
    wake?.();
  });
  const next = async (type) => {
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0];
      await new Promise((resolve) => (wake = resolve));
    }
  };
  await next('ready');
  const connectSeconds = (performance.now() - started) / 1000;
  await settle();
  const held = process.memoryUsage();
  const connections = app.realtime.server.connectionCount;

  const latencies = [];
  const lastArrivals = [];
  for (let id = 1; id <= rounds; id++) {
    clients.send({ type: 'expect', id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.realtime.publish(CHANNEL, 'tick', { id, sentAt: performance.timeOrigin + performance.now() });
    const round = await next('round');
    latencies.push(...round.latencies);
    lastArrivals.push(Math.max(...round.latencies));
  }
  clients.send({ type: 'close' });
  await new Promise((resolve) => clients.once('exit', resolve));
  while (app.realtime.server.connectionCount > 0) await new Promise((resolve) => setTimeout(resolve, 100));

  latencies.sort((a, b) => a - b);
  lastArrivals.sort((a, b) => a - b);
  results.push({
    connections,
    'connect s': connectSeconds.toFixed(1),
    'latency p50 ms': percentile(latencies, 50).toFixed(1),
    'latency p99 ms': percentile(latencies, 99).toFixed(1),
    'last socket p50 ms': percentile(lastArrivals, 50).toFixed(1),
    'RSS MB': `${mb(before.rss)} → ${mb(held.rss)}`,
    'KB/conn (RSS)': ((held.rss - before.rss) / 1024 / connections).toFixed(1),
    'KB/conn (heap)': ((held.heapUsed - before.heapUsed) / 1024 / connections).toFixed(1),
  });
}

console.table(results);
await bench.close();
