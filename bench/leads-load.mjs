// 50 concurrent clients for 20 s against GET /api/leads on a listening port (autocannon, in its own worker thread),
// for the first page and a name search over 100,000 leads; then the same statements one such request sends, replayed
// straight on the driver by 50 concurrent loops for as long. Prints requests/s, p50 and p99, and the load average.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
// Usage: pnpm --filter @crm/bench bench:leads-load [-- --leads=N --connections=50 --duration=20]
import autocannon from 'autocannon';
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';
import { loadAverage, percentile, seedLeads } from './lib/lead-data.mjs';

const LEADS = option('leads', 100_000);
const CONNECTIONS = option('connections', 50);
const DURATION = option('duration', 20);

const shapes = [
  { name: 'first page', query: '' },
  { name: 'search name', query: `?search=${encodeURIComponent('Смирнова Иван')}` },
];

/** `CONNECTIONS` loops replaying `groups` on the driver for DURATION seconds. */
async function replayUnderLoad(bench, groups) {
  const times = [];
  const deadline = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await bench.replay(groups);
        times.push(since(t));
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / (since(started) / 1000), p50: percentile(times, 50), p99: percentile(times, 99) };
}

const row = (name, what, perSecond, p50, p99, extra = '') =>
  `${name.padEnd(14)}${what.padEnd(6)}${perSecond.toFixed(0).padStart(8)}${p50.toFixed(1).padStart(9)}${p99.toFixed(1).padStart(9)}  ${extra}`;

for (const engine of benchEngines()) {
  const bench = await startBenchApp(engine);
  try {
    const seeded = await seedLeads(bench, { leads: LEADS });
    await bench.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = bench.app.server.address();
    console.log(
      `\n${engine.name}: ${CONNECTIONS} concurrent clients for ${DURATION} s per shape over ${LEADS.toLocaleString('en')} leads (seeded in ${seeded.seconds.toFixed(1)} s)`,
    );
    console.log('API = autocannon over HTTP (keep-alive, its own worker thread, 30 s timeout); SQL = the statements of one request replayed on the driver by as many concurrent loops' +
      (engine.kind === 'postgres' ? ' (both through the app\'s pool of 10 connections).' : ' (PGlite runs one statement at a time).'));
    console.log(`${'shape'.padEnd(14)}${''.padEnd(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  answers, load (1/5/15 min)`);
    for (const shape of shapes) {
      // Recorded while the server is idle: after a load run it is still answering queued requests for a while.
      const statements = await bench.record(() => bench.app.inject({ method: 'GET', url: `/api/leads${shape.query}`, headers: bench.headers }));
      const url = `http://127.0.0.1:${port}/api/leads${shape.query}`;
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: bench.headers, workers: 1, timeout: 30 });
      const answers = `2xx ${result['2xx']}, other ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;
      console.log(row(shape.name, 'API', result.requests.average, result.latency.p50, result.latency.p99, `${answers}, ${loadAverage().slice(5)}`));
      const sql = await replayUnderLoad(bench, statements);
      console.log(row('', 'SQL', sql.perSecond, sql.p50, sql.p99, `${statements.flat().length} statements a request, ${loadAverage().slice(5)}`));
    }
  } finally {
    await bench.close();
  }
}
