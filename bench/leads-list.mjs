// Prints p50/p95 latency and requests per second of GET /api/leads over 100,000 leads for several list shapes, next
// to the raw SQL of the same page (the repository's query run directly on the driver), on PGlite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a throw-away PostgreSQL database.
// After seeding, the lead tables are vacuumed and analysed as the app does after an import on PGlite (and as autovacuum
// does on PostgreSQL), so the figures are those of a settled table.
// `--compare`: the count as it was before decision 032's count rewrite (`countFrom: 'leads'`) beside the current one,
// request by request in turn so the machine's load hits both alike; on PGlite also the old count before the vacuum.
// Usage: pnpm --filter @crm/bench bench:leads-list [-- --leads=N --requests=N --explain --compare]
import { createLeadQueryRepository } from '../api/src/repositories/lead-query-repository.ts';
import { createLeadScope } from '../api/src/repositories/lead-scope.ts';
import { refreshLeadStatistics } from '../api/src/repositories/lead-statistics.ts';
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';
import { BENCH_PASSWORD, loadAverage, percentile, seedLeads } from './lib/lead-data.mjs';
import { roleIdsByName } from '../api/src/db/seed.ts';
import { hashPassword } from '../api/src/lib/password.ts';

const LEADS = option('leads', 100_000);
const REQUESTS = option('requests', 50);
const WARM_UP = 3;
/** `--explain`: print EXPLAIN ANALYZE of every statement of each shape. */
const EXPLAIN = process.argv.includes('--explain');
const COMPARE = process.argv.includes('--compare');
const USERS = 10;

const summary = (times, total) => {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), perSecond: (times.length / total) * 1000 };
};

async function measure(run) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    times.push(since(t));
  }
  return summary(times, since(started));
}

/** Two variants of the same request, in turn (A, B, A, B, …), so both see the same load. */
async function measurePair(runA, runB) {
  for (let i = 0; i < WARM_UP; i++) await Promise.resolve(runA()).then(runB);
  const times = [[], []];
  const spent = [0, 0];
  for (let i = 0; i < REQUESTS; i++) {
    for (const [k, run] of [runA, runB].entries()) {
      const t = performance.now();
      await run();
      const elapsed = since(t);
      times[k].push(elapsed);
      spent[k] += elapsed;
    }
  }
  return [summary(times[0], spent[0]), summary(times[1], spent[1])];
}

const pad = (value, width) => String(value).padStart(width);
const ms = (value) => value.toFixed(1);

for (const engine of benchEngines()) {
  const bench = await startBenchApp(engine);
  try {
    const seeded = await seedLeads(bench, { leads: LEADS, users: USERS });
    const db = bench.app.db;
    const current = bench.app.leadQueryRepository;
    const before = createLeadQueryRepository(db, { scope: createLeadScope(db), countFrom: 'leads' });
    const operatorLogin = await bench.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'op0@bench.local', password: 'bench-password-1' } });
    const operatorHeaders = { authorization: `Bearer ${operatorLogin.json().accessToken}` };
    // An Operator responsible for 100 of the leads (0.1%): the own scope's OR then walks most of the sort index.
    const fewId = await bench.app.userRepository.create({ email: 'few@bench.local', passwordHash: await hashPassword(BENCH_PASSWORD), firstName: 'Мало', name: 'Мало Лидов', roleId: (await roleIdsByName(db, ['Operator'])).Operator });
    await bench.raw('insert into lead_users (lead_id, user_id) select id, $1 from leads where id % 1000 = 7', [fewId]);
    await bench.raw('analyze lead_users');
    const fewLogin = await bench.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'few@bench.local', password: BENCH_PASSWORD } });
    const fewHeaders = { authorization: `Bearer ${fewLogin.json().accessToken}` };

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
      // The filters of docs/decisions/077.
      // The seeded leads are created (and last updated) over 700 days from 1 January 2024 (lib/lead-data.mjs).
      { name: 'created in one month', query: '?created_from=2024-06-01&created_to=2024-06-30&tz=UTC' },
      { name: 'updated before 2025', query: '?updated_to=2024-12-31&tz=Europe/Moscow' },
      { name: 'no activity 30 days', query: '?inactive_days=30' },
      { name: 'no responsible user', query: '?no_user=1' },
      { name: 'overdue tasks', query: '?overdue_tasks=1' },
      { name: 'Operator (own scope)', query: '', headers: operatorHeaders },
      { name: 'Operator, 100 leads', query: '', headers: fewHeaders },
    ];

    const get = (shape, repository = current) => {
      bench.app.leadQueryRepository = repository;
      return bench.app.inject({ method: 'GET', url: `/api/leads${shape.query}`, headers: shape.headers ?? bench.headers });
    };
    // On PGlite: the old count on the table as seeded (ANALYZE only, no vacuum: the state before this change).
    const unvacuumed = new Map();
    if (COMPARE && engine.kind === 'pglite') {
      for (const shape of shapes) unvacuumed.set(shape.name, await measure(() => get(shape, before)));
      bench.app.leadQueryRepository = current;
    }
    const vacuumStarted = performance.now();
    // What the app does after an import on PGlite; on PostgreSQL what autovacuum does after 100,000 inserts.
    if (engine.kind === 'pglite') await refreshLeadStatistics(db, 'pglite');
    else await bench.raw('vacuum (analyze) leads, lead_users, lead_favorites');
    const vacuumSeconds = since(vacuumStarted) / 1000;

    console.log(`\n${engine.name}: GET /api/leads over ${LEADS.toLocaleString('en')} leads (seeded in ${seeded.seconds.toFixed(1)} s, vacuumed and analysed in ${vacuumSeconds.toFixed(1)} s), ${REQUESTS} sequential requests per shape after ${WARM_UP} warm-up`);
    console.log('API = app.inject: auth, page query, capped count and responsible users.');
    console.log('SQL = every statement one such request sent, recorded and replayed on the driver (concurrent ones together); ratio = API p50 / SQL p50.');
    if (COMPARE) {
      console.log(`--compare: "old" = the count over leads under the whole WHERE (before decision 032's count rewrite), "new" = the current count, in turn${engine.kind === 'pglite' ? '; "unvac." = old count on the table before VACUUM (ANALYZE)' : ''}.`);
      console.log(`ratios: old/new p95${engine.kind === 'pglite' ? ', unvac./new p95' : ''}.`);
    }
    console.log(`${'shape'.padEnd(22)}${pad('total', 8)}${COMPARE ? `${engine.kind === 'pglite' ? `${pad('unvac p50', 10)}${pad('unvac p95', 10)}` : ''}${pad('old p50', 9)}${pad('old p95', 9)}` : ''}${pad('API p50', 10)}${pad('API p95', 10)}${pad('req/s', 8)}${pad('stmts', 7)}${pad('SQL p50', 10)}${pad('SQL p95', 10)}${pad('SQL r/s', 9)}${pad('ratio', 7)}  load (1/5/15 min)`);
    for (const shape of shapes) {
      const first = await get(shape);
      if (first.statusCode !== 200) throw new Error(`${shape.name}: ${first.statusCode} ${first.body}`);
      let old;
      let api;
      if (COMPARE) [old, api] = await measurePair(() => get(shape, before), () => get(shape));
      else api = await measure(() => get(shape));
      const statements = await bench.record(() => get(shape));
      const sql = await measure(() => bench.replay(statements));
      const unvac = unvacuumed.get(shape.name);
      const compared = COMPARE
        ? `${unvac ? `${pad(ms(unvac.p50), 10)}${pad(ms(unvac.p95), 10)}` : ''}${pad(ms(old.p50), 9)}${pad(ms(old.p95), 9)}`
        : '';
      const ratios = COMPARE ? `  old/new ${(old.p95 / api.p95).toFixed(2)}×${unvac ? `, unvac/new ${(unvac.p95 / api.p95).toFixed(2)}×` : ''}` : '';
      console.log(
        `${shape.name.padEnd(22)}${pad(first.json().meta.total, 8)}${compared}${pad(ms(api.p50), 10)}${pad(ms(api.p95), 10)}${pad(Math.round(api.perSecond), 8)}` +
          `${pad(statements.flat().length, 7)}${pad(ms(sql.p50), 10)}${pad(ms(sql.p95), 10)}${pad(Math.round(sql.perSecond), 9)}${pad(`${(api.p50 / sql.p50).toFixed(2)}×`, 7)}  ${loadAverage().slice(5)}${ratios}`,
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
