// Prints p50/p95 of GET /api/dashboard over 100,000 leads (docs/decisions/076) for a few shapes: the Admin (all scope)
// over 30 and 365 days, with a team filter, and an Operator (own scope), on PGlite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on a throw-away PostgreSQL database. Besides the leads of lib/lead-data.mjs, every lead
// gets 0–2 status changes in its history (about 100,000 rows) and there are 5,000 tasks, half of them overdue.
// The periods end on the last seeded day (the leads are created over 700 days from 2024-01-01).
// Usage: pnpm --filter @crm/bench bench:dashboard [-- --leads=N --requests=N --explain --engine=pglite|postgres]
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';
import { BENCH_PASSWORD, loadAverage, percentile, seedLeads } from './lib/lead-data.mjs';

const LEADS = option('leads', 100_000);
const REQUESTS = option('requests', 40);
const WARM_UP = 3;
const EXPLAIN = process.argv.includes('--explain');
/** `--engine=postgres` or `--engine=pglite`: that engine only. */
const ENGINE = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
const USERS = 10;
const LAST_DAY = '2025-11-30';

const shiftDays = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const period = (days) => `from=${shiftDays(LAST_DAY, -(days - 1))}&to=${LAST_DAY}&tz=Europe/Moscow`;
const pad = (value, width) => String(value).padStart(width);
const ms = (value) => value.toFixed(1);

async function measure(run) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    times.push(since(t));
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

for (const engine of benchEngines().filter((e) => !ENGINE || e.kind === ENGINE)) {
  const bench = await startBenchApp(engine);
  try {
    const seeded = await seedLeads(bench, { leads: LEADS, users: USERS });
    const started = performance.now();
    const statuses = seeded.statuses.map((s) => s.id);
    // Lead n moves n % 3 times along the status order, 1–7 days apart.
    await bench.raw(
      `insert into lead_history (lead_id, user_id, action, changes, created_at)
       select l.id, l.created_by, 'status_changed',
              jsonb_build_object('status_id', jsonb_build_object('from', ($1::int[])[k], 'to', ($1::int[])[k + 1])),
              l.created_at + make_interval(days => k * (l.id % 7 + 1))
       from leads l cross join lateral generate_series(1, l.id % 3) k`,
      [statuses],
    );
    await bench.raw(
      `insert into tasks (lead_id, type, title, due_at, assignee_id, created_by, done_at)
       select l.id, 'call', 'Перезвонить', now() + make_interval(days => (l.id / 20) % 20 - 10),
              ($1::int[])[(l.id / 20) % $2 + 1], ($1::int[])[(l.id / 20) % $2 + 1], case when (l.id / 20) % 5 = 0 then now() end
       from leads l where l.id % 20 = 0`,
      [seeded.userIds, USERS],
    );
    const [team] = (await bench.raw(`insert into teams (name) values ('Bench team') returning id`)).rows;
    await bench.raw('insert into team_members (team_id, user_id) select $1, unnest($2::int[])', [team.id, seeded.userIds.slice(0, 3)]);
    if (engine.kind === 'pglite') await bench.raw('vacuum (analyze) leads, lead_users, lead_history, lead_status_stays, tasks');
    else await bench.raw('vacuum (analyze) leads, lead_users, lead_history, lead_status_stays, tasks, team_members');
    const extraSeconds = since(started) / 1000;

    const login = await bench.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'op0@bench.local', password: BENCH_PASSWORD } });
    const operator = { authorization: `Bearer ${login.json().accessToken}` };
    const shapes = [
      { name: 'Admin, 30 days', query: period(30) },
      { name: 'Admin, 365 days', query: period(365) },
      { name: 'Admin, team, 365 days', query: `${period(365)}&team_id=${team.id}` },
      { name: 'Operator, 30 days', query: period(30), headers: operator },
      { name: 'Operator, 365 days', query: period(365), headers: operator },
    ];

    console.log(`\n${engine.name}: GET /api/dashboard over ${LEADS.toLocaleString('en')} leads (seeded in ${seeded.seconds.toFixed(1)} s, history and tasks in ${extraSeconds.toFixed(1)} s), ${REQUESTS} sequential requests per shape after ${WARM_UP} warm-up`);
    console.log(`${'shape'.padEnd(24)}${pad('new leads', 10)}${pad('stays', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}  load (1/5/15 min)`);
    for (const shape of shapes) {
      const get = () => bench.app.inject({ method: 'GET', url: `/api/dashboard?${shape.query}`, headers: shape.headers ?? bench.headers });
      const first = await get();
      if (first.statusCode !== 200) throw new Error(`${shape.name}: ${first.statusCode} ${first.body}`);
      const data = first.json().data;
      const stays = data.time_in_status.reduce((sum, s) => sum + s.stays, 0);
      const { p50, p95 } = await measure(get);
      console.log(`${shape.name.padEnd(24)}${pad(data.total_new, 10)}${pad(stays, 8)}${pad(ms(p50), 9)}${pad(ms(p95), 9)}  ${loadAverage().slice(5)}`);
      if (EXPLAIN) {
        for (const args of (await bench.record(get)).flat()) {
          const [text, params] = typeof args[0] === 'string' ? args : [args[0].text, args[0].values ?? args[1]];
          // Only the reads: a request may also write (a token's last use, in a transaction).
          if (!/^\s*select/i.test(text)) continue;
          const plan = await bench.raw(`explain analyze ${text}`, params);
          console.log(`  ${text.replace(/\s+/g, ' ').slice(0, 160)}\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
        }
      }
    }
  } finally {
    await bench.close();
  }
}
