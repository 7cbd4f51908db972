// 200 simulated users against the API listening on a port, each looping what a call-centre operator does: search the
// list, open a lead, save it over the version it read, comment on it. Prints requests/s and p50/p95/p99 (overall and
// per step), the statements per request and the load average. PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL);
// `--engine=pglite` runs it on PGlite instead.
// Usage: pnpm --filter @crm/bench bench:throughput [-- --users=200 --duration=60 --leads=20000 --role=Admin|Manager|Operator --engine=pglite --statements --statement-times]
// Profile the server: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx throughput.mjs -- --duration=20
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { benchEngines, option, startBenchApp } from './lib/bench-app.mjs';
import { loadAverage, percentile, seedLeads } from './lib/lead-data.mjs';
import { cpuMs, postgresBackendsCpu } from './lib/proc-cpu.mjs';

const USERS = option('users', 200);
const DURATION = option('duration', 60);
const LEADS = option('leads', 20_000);
const textOption = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ROLE = textOption('role', 'Admin');
const ENGINE = textOption('engine', 'postgres');
const TIMES = process.argv.includes('--statement-times');

const engine = benchEngines().find((e) => e.kind === ENGINE);
if (!engine) {
  console.error('bench:throughput runs on PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres), or pass --engine=pglite');
  process.exit(1);
}

/** Counts every statement sent to the database, on either driver. */
function countStatements(connection) {
  /** `texts`, when set, collects each statement's first 100 characters. */
  const counter = { count: 0, texts: undefined, times: new Map() };
  const note = (args, pending) => {
    counter.count++;
    const text = String(typeof args[0] === 'string' ? args[0] : args[0]?.text).replace(/\s+/g, ' ');
    counter.texts?.push(text.slice(0, 100));
    // `--statement-times`: the time from sending each statement to its answer, summed per statement text.
    if (!TIMES || !pending?.then) return pending;
    const started = performance.now();
    const done = () => {
      const key = text.slice(0, 90);
      const entry = counter.times.get(key) ?? { count: 0, ms: 0 };
      entry.count++;
      entry.ms += performance.now() - started;
      counter.times.set(key, entry);
    };
    pending.then(done, done);
    return pending;
  };
  const wrap = (client) => {
    if (client.__counted) return;
    client.__counted = true;
    const query = client.query.bind(client);
    client.query = (...args) => {
      // pool.query hands the client a callback; a checked-out client (transactions) is called for a promise.
      const callback = args.at(-1);
      if (TIMES && typeof callback === 'function') {
        let finish;
        note(args, new Promise((resolve) => (finish = resolve)));
        args[args.length - 1] = (...result) => {
          finish();
          return callback(...result);
        };
        return query(...args);
      }
      return note(args, query(...args));
    };
  };
  if (connection.driver === 'pglite') {
    // drizzle's PGlite session calls client.query, and its transactions client.transaction(tx => tx.query(...)).
    const { client } = connection;
    const query = client.query.bind(client);
    client.query = (...args) => note(args, query(...args));
    const transaction = client.transaction.bind(client);
    client.transaction = (fn) =>
      transaction((tx) => {
        wrap(tx);
        return fn(tx);
      });
  } else {
    // Pool clients run every statement (pool.query checks one out too); new ones are wrapped as the pool opens them.
    for (const client of connection.pool._clients ?? []) wrap(client);
    connection.pool.on('connect', wrap);
  }
  return counter;
}

/**
 * CPU spent by the server (its main thread, where every request runs; the simulated users run in another thread)
 * and by the PostgreSQL backends serving the bench's database (found by their process titles), sampled over the run.
 * CPU per request is steadier than requests/s on a shared machine: it does not depend on the share of the cores the
 * run gets.
 */
function cpuMeter(databaseName) {
  const mainThread = `/proc/self/task/${process.pid}/stat`;
  const server = cpuMs(mainThread);
  const backends = postgresBackendsCpu(databaseName);
  return {
    sample: backends.sample,
    read() {
      backends.sample();
      return { server: cpuMs(mainThread) - server, database: backends.total() };
    },
  };
}

const bench = await startBenchApp(engine, { LOG_LEVEL: 'warn' });
try {
  const seeded = await seedLeads(bench, { leads: LEADS, users: USERS, role: ROLE });
  const { app } = bench;
  // One session per simulated user (a login each would spend minutes hashing passwords before the run starts).
  const tokens = [];
  for (const id of seeded.userIds) tokens.push(await app.authRepository.createAccessToken(id, 24));
  const [commentStep] = (await bench.raw('select id from comment_steps where archived_at is null order by position limit 1')).rows;
  const [{ min, max }] = (await bench.raw('select min(id)::int as min, max(id)::int as max from leads')).rows;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address();

  console.log(
    `\n${engine.name}: ${USERS} users (${ROLE}) for ${DURATION} s over ${LEADS.toLocaleString('en')} leads, API on 127.0.0.1:${port}, ` +
      `clients in a worker thread; ${os.cpus().length} cores; ${loadAverage()} before`,
  );
  console.log('Each user loops: GET /api/leads?search=<surname> → GET /api/leads/:id → POST /api/leads/:id (its version) → POST /api/leads/:id/comments');

  const counter = countStatements(bench.connection);
  // One loop first, through app.inject, to print what each step sends to the database (`--statements` lists them).
  {
    const headers = { authorization: `Bearer ${tokens[0]}` };
    const counts = [];
    const step = async (name, options) => {
      counter.texts = [];
      const response = await app.inject({ ...options, headers });
      counts.push(`${name} ${counter.texts.length}`);
      if (process.argv.includes('--statements')) console.log(`  ${name} (${response.statusCode}):\n${counter.texts.map((t) => `    ${t}`).join('\n')}`);
      counter.texts = undefined;
      return response.json();
    };
    await app.inject({ method: 'GET', url: '/api/leads?search=x', headers }); // the token's first use writes last_used_at
    const list = await step('list', { method: 'GET', url: `/api/leads?search=${encodeURIComponent('Иванов')}` });
    const lead = (await step('open', { method: 'GET', url: `/api/leads/${list.data[0].id}` })).data;
    const { id, surname, firstname, patronymic, phone, users, version } = lead;
    await step('update', { method: 'POST', url: `/api/leads/${id}`, payload: { surname, firstname, patronymic, phone, status_id: seeded.statuses[0].id, users, additional_info: 'Перезвонить', version } });
    await step('comment', { method: 'POST', url: `/api/leads/${id}/comments`, payload: { step_id: commentStep.id, body: '<p>Поговорили</p>' } });
    console.log(`Statements per request (one loop): ${counts.join(', ')}`);
  }
  counter.count = 0;
  const databaseName = bench.connection.driver === 'postgres' ? new URL(bench.connection.pool.options.connectionString).pathname.slice(1) : undefined;
  const cpu = cpuMeter(databaseName);
  const loadSamples = [];
  const sampler = setInterval(() => {
    loadSamples.push(os.loadavg()[0]);
    cpu.sample();
  }, 5_000);
  // Read at the end of the window, as the requests are counted (the loops still under way finish after it).
  let used;
  const windowEnd = setTimeout(() => (used = cpu.read()), DURATION * 1000);
  const result = await new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./lib/throughput-client.mjs', import.meta.url), {
      workerData: {
        base: `http://127.0.0.1:${port}`,
        tokens,
        duration: DURATION,
        leadIds: { min, max },
        stepId: commentStep.id,
        statusIds: seeded.statuses.map((s) => s.id),
        userIds: seeded.userIds,
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  clearInterval(sampler);
  const statements = counter.count;
  clearTimeout(windowEnd);
  used ??= cpu.read();

  const all = Object.values(result.steps).flatMap((s) => s.times).sort((a, b) => a - b);
  const total = all.length;
  const line = (name, times, statuses) => {
    times.sort((a, b) => a - b);
    return (
      `${name.padEnd(24)}${String(times.length).padStart(8)}${(times.length / result.seconds).toFixed(1).padStart(9)}` +
      `${percentile(times, 50).toFixed(0).padStart(8)}${percentile(times, 95).toFixed(0).padStart(8)}${percentile(times, 99).toFixed(0).padStart(8)}  ${statuses}`
    );
  };
  console.log(`${'step'.padEnd(24)}${'requests'.padStart(8)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}  answers`);
  for (const [name, s] of Object.entries(result.steps)) {
    console.log(line(name, s.times, Object.entries(s.statuses).map(([code, n]) => `${code}×${n}`).join(' ')));
  }
  console.log(line('all', all, ''));
  console.log(
    `→ ${(total / result.seconds).toFixed(1)} requests/s, ${result.loops} loops, ${(statements / total).toFixed(1)} statements/request; ` +
      `load (1 min) during the run: ${loadSamples.map((l) => l.toFixed(1)).join(' ')}; ${loadAverage()} after`,
  );
  const perRequest = (ms) => (ms / total).toFixed(2);
  console.log(
    `→ CPU per request: server (main thread) ${perRequest(used.server)} ms` +
      (used.database === undefined ? '' : `, PostgreSQL backends ${perRequest(used.database)} ms, together ${perRequest(used.server + used.database)} ms`) +
      ` (${(used.server / 1000).toFixed(1)} s and ${((used.database ?? 0) / 1000).toFixed(1)} s over the run)`,
  );
  if (TIMES) {
    const rows = [...counter.times].sort((a, b) => b[1].ms - a[1].ms);
    const sum = rows.reduce((t, [, e]) => t + e.ms, 0);
    console.log('Statement time (sent → answered, summed over the run; includes waiting for the event loop):');
    for (const [text, e] of rows.slice(0, 15)) {
      console.log(`  ${((100 * e.ms) / sum).toFixed(1).padStart(5)}% ${String(e.count).padStart(7)}× ${(e.ms / e.count).toFixed(2).padStart(8)} ms  ${text}`);
    }
  }
  if (result.errors.length) console.log(`errors (first 5): ${result.errors.slice(0, 5).join(' | ')}`);
} finally {
  await bench.close();
}
