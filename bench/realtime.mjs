// Realtime bench (issue 11, issue 21): how many Pusher-protocol connections one API process holds, what each costs in
// memory, and how long a broadcast published by the app (`app.realtime.publish`) takes to reach every socket: on one
// instance, and through two instances sharing a Redis with half the sockets on each. Prints figures; asserts nothing.
//   node --expose-gc --import tsx realtime.mjs [--rounds=20] [--sizes=1000,5000] [--instances=1,2] [--client-processes=4] [--client=raw|ws]
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', 20));
const sizes = arg('sizes', '1000,5000').split(',').map(Number);
const modes = arg('instances', '1,2').split(',').map(Number);
const clientProcesses = Number(arg('client-processes', 4));
const clientKind = arg('client', 'raw');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Its own channel name: the Redis bus is shared with whatever else uses this Redis.
const CHANNEL = `bench-${process.pid}`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
// The system-wide monotonic clock, in ms: the client processes stamp arrivals on the same one.
const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
const load = () => os.loadavg()[0].toFixed(1);
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Whether a Redis answers PING at REDIS_URL (without one, the one-instance figures still print). */
function redisAnswers() {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => socket.write(url.password ? `AUTH ${decodeURIComponent(url.password)}\r\nPING\r\n` : 'PING\r\n'));
    socket.on('data', (data) => {
      resolve(String(data).includes('+PONG'));
      socket.destroy();
    });
    socket.on('close', () => resolve(false));
    socket.on('error', () => resolve(false));
  });
}

/** A second instance's CPU time so far. */
async function cpuOf(other) {
  other.child.send({ type: 'cpu' });
  return (await other.next('cpu')).usage;
}

/** A child process's messages, awaited by type. */
function inbox(child) {
  const messages = [];
  let wake;
  child.on('message', (message) => {
    if (message.type === 'error') console.error('client error:', message.message);
    messages.push(message);
    wake?.();
  });
  return async (type) => {
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0];
      await new Promise((resolve) => (wake = resolve));
    }
  };
}

// Every client connects from 127.0.0.1: the per-address limit (1,000) is lifted for the run.
const options = { realtime: { limits: { maxConnectionsPerIp: 100_000 } } };

/**
 * One instance (PGlite, embedded endpoint), or two: this process's and a second one in its own process, both on
 * REDIS_URL with the same PUSHER_URL (the embedded form: on APP_URL's origin), as two replicas behind a proxy run.
 */
async function startInstances(count) {
  if (count === 1) {
    const bench = await startBenchApp({ name: 'PGlite', kind: 'pglite' }, {}, options);
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    return { bench, ports: [bench.app.server.address().port], others: [] };
  }
  const origin = 'http://crm.bench.test';
  const env = { APP_URL: origin, PUSHER_URL: `http://crm-key:${randomBytes(16).toString('hex')}@crm.bench.test/apps/crm`, REDIS_URL: redisUrl };
  const bench = await startBenchApp({ name: 'PGlite', kind: 'pglite' }, env, options);
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const ports = [bench.app.server.address().port];
  const others = [];
  for (let i = 1; i < count; i++) {
    const child = fork(path.join(here, 'realtime-instance.mjs'), [JSON.stringify(env)]);
    const next = inbox(child);
    ports.push((await next('listening')).port);
    others.push({ child, next });
  }
  return { bench, ports, others };
}

const results = [];
for (const instances of modes) {
  if (instances > 1 && !(await redisAnswers())) {
    console.log(`${instances} instances not measured: no Redis answers at ${redisUrl} (set REDIS_URL)`);
    continue;
  }
  const { bench, ports, others } = await startInstances(instances);
  const { app } = bench;
  if (!globalThis.gc) console.log('(run with --expose-gc for steadier memory figures)');
  console.log(
    `${instances} instance(s) on :${ports.join(', :')}${instances > 1 ? ` sharing ${redisUrl}` : ''}, ${rounds} broadcasts per size, ` +
      `${clientProcesses} ${clientKind} client processes, Node ${process.version}, ${os.cpus().length} cores`,
  );

  for (const size of sizes) {
    const loadBefore = load();
    await settle();
    const before = process.memoryUsage();
    const started = performance.now();
    const processes = Math.min(clientProcesses, size);
    const clients = [];
    for (let i = 0, first = 0; i < processes; i++) {
      const count = Math.floor(size / processes) + (i < size % processes ? 1 : 0);
      const child = fork(path.join(here, 'realtime-clients.mjs'), [clientKind, app.config.realtime.key, String(count), CHANNEL, String(first), ports.join(',')], {
        execArgv: [],
      });
      clients.push({ child, next: inbox(child) });
      first += count;
    }
    await Promise.all(clients.map((c) => c.next('ready')));
    const connectSeconds = (performance.now() - started) / 1000;
    await settle();
    const held = process.memoryUsage();
    const own = app.realtime.server.connectionCount;
    const counts = [own];
    for (const other of others) {
      other.child.send({ type: 'count' });
      counts.push((await other.next('count')).connections);
    }

    const latencies = [];
    const lastArrivals = [];
    const publishTimes = [];
    const serverCpu = counts.map(() => []);
    const clientsCpu = [];
    for (let id = 1; id <= rounds; id++) {
      for (const c of clients) c.child.send({ type: 'expect', id });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Each instance's CPU from the publish to the round's end: the fan-out, wherever it runs.
      const cpuBefore = [process.cpuUsage(), ...(await Promise.all(others.map((o) => cpuOf(o))))];
      const sentAt = now();
      await app.realtime.publish(CHANNEL, 'tick', { id, sentAt });
      publishTimes.push(now() - sentAt);
      let last = 0;
      let clientCpu = 0;
      for (const round of await Promise.all(clients.map((c) => c.next('round')))) {
        clientCpu += round.cpuMs;
        for (const latency of round.latencies) {
          latencies.push(latency);
          if (latency > last) last = latency;
        }
      }
      const cpuAfter = [process.cpuUsage(), ...(await Promise.all(others.map((o) => cpuOf(o))))];
      cpuAfter.forEach((after, i) => serverCpu[i].push((after.user - cpuBefore[i].user + after.system - cpuBefore[i].system) / 1000));
      lastArrivals.push(last);
      clientsCpu.push(clientCpu);
    }
    for (const c of clients) c.child.send({ type: 'close' });
    await Promise.all(clients.map((c) => new Promise((resolve) => c.child.once('exit', resolve))));
    while (app.realtime.server.connectionCount > 0) await new Promise((resolve) => setTimeout(resolve, 100));

    latencies.sort((a, b) => a - b);
    lastArrivals.sort((a, b) => a - b);
    publishTimes.sort((a, b) => a - b);
    for (const list of serverCpu) list.sort((a, b) => a - b);
    clientsCpu.sort((a, b) => a - b);
    results.push({
      instances,
      connections: counts.join(' + '),
      'connect s': connectSeconds.toFixed(1),
      'latency p50 ms': percentile(latencies, 50).toFixed(1),
      'latency p99 ms': percentile(latencies, 99).toFixed(1),
      'last socket p50 ms': percentile(lastArrivals, 50).toFixed(1),
      'fan-out p50 ms': instances === 1 ? percentile(publishTimes, 50).toFixed(1) : '—',
      'server CPU p50 ms': serverCpu.map((list) => percentile(list, 50).toFixed(1)).join(' + '),
      'clients CPU p50 ms': percentile(clientsCpu, 50).toFixed(1),
      'RSS MB': `${mb(before.rss)} → ${mb(held.rss)}`,
      'KB/conn (heap)': ((held.heapUsed - before.heapUsed) / 1024 / own).toFixed(1),
      load: `${loadBefore} → ${load()}`,
    });
  }

  for (const other of others) {
    other.child.send({ type: 'close' });
    await new Promise((resolve) => other.child.once('exit', resolve));
  }
  await bench.close();
}

console.table(results);
