// Prints p50/p95 latency and requests per second of GET /api/leads over 100,000 leads for several list shapes, next
// to the raw SQL of the same page (the repository's query run directly on the driver), on PGlite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a throw-away PostgreSQL database.
// Usage: pnpm --filter @crm/bench bench:leads-list [-- --leads=N --requests=N --explain]
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';
import { loadAverage, percentile, seedLeads } from './lib/lead-data.mjs';

const LEADS = option('leads', 100_000);
const REQUESTS = option('requests', 50);
const WARM_UP = 3;
/** `--explain`: print EXPLAIN ANALYZE of every statement of each shape. */
const EXPLAIN = process.argv.includes('--explain');
const USERS = 10;

async function measure(run) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    times.push(since(t));
  }
  const total = since(started);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), perSecond: (REQUESTS / total) * 1000 };
}

const pad = (value, width) => String(value).padStart(width);
const ms = (value) => value.toFixed(1);

for (const engine of benchEngines()) {
  const bench = await startBenchApp(engine);
  try {
    const seeded = await seedLeads(bench, { leads: LEADS, users: USERS });
    const operatorLogin = await bench.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'op0@bench.local', password: 'bench-password-1' } });
    const operatorHeaders = { authorization: `Bearer ${operatorLogin.json().accessToken}` };

    // Page 2000 reached the keyset way: the cursor page 1999 answered with.
    const page1999 = await bench.app.inject({ method: 'GET', url: '/api/leads?page=1999&cursors=1', headers: bench.headers });
    const shapes = [
      { name: 'first page', query: '' },
      { name: 'deep page (2000)', query: '?page=2000' },
      { name: 'deep page by cursor', query: `?page=2000&after=${page1999.json().meta.next_cursor}` },
      { name: 'search name', query: `?search=${encodeURIComponent('Смирнова Иван')}` },
      { name: 'search phone digits', query: `?search=${encodeURIComponent('912 34')}` },
      { name: 'status filter', query: `?status_id=${seeded.statuses[1].id}` },
      { name: 'user filter', query: `?user_id=${seeded.userIds[3]}` },
      { name: 'favourites', query: '?favorite=1' },
      { name: 'sort by surname', query: '?sort=surname' },
      { name: 'Operator (own scope)', query: '', headers: operatorHeaders },
    ];

    console.log(`\n${engine.name}: GET /api/leads over ${LEADS.toLocaleString('en')} leads (seeded in ${seeded.seconds.toFixed(1)} s), ${REQUESTS} sequential requests per shape after ${WARM_UP} warm-up`);
    console.log('API = app.inject: auth, page query, capped count and responsible users.');
    console.log('SQL = every statement one such request sent, recorded and replayed on the driver (concurrent ones together); ratio = API p50 / SQL p50.');
    console.log(`${'shape'.padEnd(22)}${pad('total', 8)}${pad('API p50', 10)}${pad('API p95', 10)}${pad('req/s', 8)}${pad('stmts', 7)}${pad('SQL p50', 10)}${pad('SQL p95', 10)}${pad('SQL r/s', 9)}${pad('ratio', 7)}  load (1/5/15 min)`);
    for (const shape of shapes) {
      const headers = shape.headers ?? bench.headers;
      const first = await bench.app.inject({ method: 'GET', url: `/api/leads${shape.query}`, headers });
      if (first.statusCode !== 200) throw new Error(`${shape.name}: ${first.statusCode} ${first.body}`);
      const api = await measure(() => bench.app.inject({ method: 'GET', url: `/api/leads${shape.query}`, headers }));
      const statements = await bench.record(() => bench.app.inject({ method: 'GET', url: `/api/leads${shape.query}`, headers }));
      const sql = await measure(() => bench.replay(statements));
      console.log(
        `${shape.name.padEnd(22)}${pad(first.json().meta.total, 8)}${pad(ms(api.p50), 10)}${pad(ms(api.p95), 10)}${pad(Math.round(api.perSecond), 8)}` +
          `${pad(statements.flat().length, 7)}${pad(ms(sql.p50), 10)}${pad(ms(sql.p95), 10)}${pad(Math.round(sql.perSecond), 9)}${pad(`${(api.p50 / sql.p50).toFixed(2)}×`, 7)}  ${loadAverage().slice(5)}`,
      );
      if (EXPLAIN) {
        for (const args of statements.flat()) {
          const [text, params] = typeof args[0] === 'string' ? args : [args[0].text, args[0].values ?? args[1]];
          if (/^\s*explain/i.test(text)) continue; // the count's estimate is itself an EXPLAIN
          const plan = await bench.raw(`explain analyze ${text}`, params);
          console.log(`  ${text.slice(0, 160)}\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
        }
      }
    }
  } finally {
    await bench.close();
  }
}
