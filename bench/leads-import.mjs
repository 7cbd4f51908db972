// Prints how long importing a 100,000-row CSV takes through the real endpoint (multipart upload over HTTP, then the
// background job polled until done), with ~2% bad rows and some duplicates, on PGlite (and PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), and the latency of the leads list's first page (GET /api/leads over
// HTTP, one request after another) when idle and while the import runs.
// The import's one path (decision 035): rows checked in a worker thread, written with COPY in groups of up to 10,000
// rows, the file in DATA_DIR on PGlite. The paths before it (inline parse, 1,000-row INSERTs, the file in the job's
// row) are gone, and their side-by-side figures stay in decision 035.
// It also prints the CPU the import took (this process's threads, and PostgreSQL's backends) and the load average.
// Usage: pnpm --filter @crm/bench bench:leads-import [-- --rows=N --idle=N --gap=MS --engine=pglite|postgres]
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';
import { loadAverage } from './lib/lead-data.mjs';
import { postgresBackendsCpu } from './lib/proc-cpu.mjs';

const ROWS = option('rows', 100_000);
/** Leads that already exist with a phone the file repeats (duplicates against the database). */
const EXISTING = Math.round(ROWS / 100);
/** List requests measured with no import running. */
const IDLE_REQUESTS = option('idle', 50);
/** Pause between list requests while the import runs: a probe of the latency, not a load on the server. */
const LIST_GAP_MS = option('gap', 200);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const latencies = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms  p95 ${percentile(sorted, 95).toFixed(0)} ms  max ${sorted.at(-1).toFixed(0)} ms  (${sorted.length} requests)`;
};

/** Times GET /api/leads (first page), a request every `gap` ms (as a few people browsing would), until `until()`. */
async function listLatencies(address, headers, until, gap = 0) {
  const samples = [];
  while (!until()) {
    if (gap) await new Promise((resolve) => setTimeout(resolve, gap));
    const started = performance.now();
    // A kept-alive socket the server closed just then fails the request; it is sent again on a new one and the time
    // counts from the first attempt.
    const get = () => fetch(`${address}/api/leads?page=1&per_page=25`, { headers });
    const response = await get().catch(get);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`The list answered ${response.status}`);
    samples.push(since(started));
  }
  return samples;
}

/**
 * CPU spent during the import by this process (every thread: the API's, the import's worker, the bench's own
 * polling; on PGlite the database too) and by the PostgreSQL backends of the bench's database, sampled every 100 ms.
 * Steadier than the wall time on a shared machine: it does not depend on the share of the cores the run gets.
 */
function cpuMeter(databaseName) {
  const own = process.cpuUsage();
  const backends = postgresBackendsCpu(databaseName);
  const timer = setInterval(backends.sample, 100);
  return {
    stop() {
      clearInterval(timer);
      backends.sample();
      const { user, system } = process.cpuUsage(own);
      return { node: (user + system) / 1000, database: backends.total() };
    },
  };
}

const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров'];
const FIRSTNAMES = ['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Анна', 'Мария', 'Елена', 'Ольга', 'Наталья'];
const STATUSES = ['Новый', 'В работе', 'Квалифицирован', 'Отказ', 'Архив'];

/** A distinct valid mobile number per index, typed in one of the ways people type them. */
function phone(i) {
  const n = String(9_000_000_000 + i * 37);
  const [a, b, c, d] = [n.slice(0, 3), n.slice(3, 6), n.slice(6, 8), n.slice(8)];
  return [`+7 ${a} ${b}-${c}-${d}`, `8 (${a}) ${b}-${c}-${d}`, `+7${n}`, `8${n}`][i % 4];
}

const quote = (cell) => (/[",;\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

function generateCsv(adminEmail) {
  const lines = ['Фамилия;Имя;Отчество;Телефон;Статус;Ответственные;Заметки'];
  const expected = { bad: 0, duplicates: 0 };
  for (let i = 0; i < ROWS; i++) {
    let surname = SURNAMES[i % SURNAMES.length] + (i % 7 === 0 ? 'а' : '');
    let number = phone(i);
    let status = STATUSES[i % STATUSES.length];
    if (i % 50 === 25) {
      // ~2% bad rows, each with one of the problems the form refuses.
      expected.bad++;
      if (i % 150 === 25) number = '12345';
      else if (i % 150 === 75) surname = '';
      else status = 'Несуществующий';
    } else if (i % 100 === 10 && i > 0) {
      // ~1% repeat an earlier row's phone (duplicates inside the file).
      number = phone(i - 10);
      expected.duplicates++;
    }
    const users = i % 3 === 0 ? adminEmail : '';
    const notes = i % 4 === 0 ? `<p>Заметка ${i}: интересуется тарифом, перезвонить</p>` : '';
    lines.push([surname, FIRSTNAMES[i % FIRSTNAMES.length], 'Сергеевич', number, status, users, notes].map(quote).join(';'));
  }
  return { csv: `${lines.join('\r\n')}\r\n`, expected };
}

/** `--engine=pglite` or `--engine=postgres`: only that one. */
const ENGINE = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
for (const engine of benchEngines().filter((e) => !ENGINE || e.kind === ENGINE)) {
  const bench = await startBenchApp(engine);
  try {
    // Leads already in the database whose phones the file repeats.
    await bench.app.leadSeedRepository.insertMany(
      Array.from({ length: EXISTING }, (_, k) => ({ surname: 'Существующий', firstname: 'Лид', phone: phone(k * 100 + 1), createdBy: bench.adminId })),
    );
    const { csv, expected } = generateCsv('bench@example.com');
    const bytes = Buffer.byteLength(csv);

    const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    let idleCount = 0;
    const idle = await listLatencies(address, bench.headers, () => idleCount++ >= IDLE_REQUESTS);
    let importing = true;
    const duringImport = listLatencies(address, bench.headers, () => !importing, LIST_GAP_MS);
    const databaseName = engine.kind === 'postgres' ? (await bench.raw('select current_database() as name')).rows[0].name : undefined;
    const loadBefore = loadAverage();
    const meter = cpuMeter(databaseName);
    const started = performance.now();
    const form = new FormData();
    form.append('on_duplicate', 'skip');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
    const response = await fetch(`${address}/api/leads/import`, { method: 'POST', headers: bench.headers, body: form });
    if (response.status !== 202) throw new Error(`Import refused: ${response.status} ${await response.text()}`);
    let job = (await response.json()).data;
    const accepted = since(started);
    let polls = 0;
    while (job.status === 'running' || job.status === 'pending') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = (await (await fetch(`${address}/api/leads/import/${job.id}`, { headers: bench.headers })).json()).data;
      polls++;
    }
    const wall = since(started);
    const cpu = meter.stop();
    const loadAfter = loadAverage();
    importing = false;
    const during = await duringImport;

    console.log(`\n${engine.name}: import of ${ROWS.toLocaleString('en')} CSV rows (${(bytes / 1024 / 1024).toFixed(1)} MB), on_duplicate=skip`);
    console.log(`  file: ${expected.bad} bad rows, ${expected.duplicates} repeated phones, ${EXISTING} phones already in the database`);
    console.log(`  job ${job.status}${job.error ? ` (${job.error})` : ''} after ${polls} polls`);
    console.log(`  upload accepted (202) in  ${(accepted / 1000).toFixed(2)} s`);
    console.log(`  wall time to done         ${(wall / 1000).toFixed(2)} s`);
    console.log(`  throughput                ${Math.round(ROWS / (wall / 1000)).toLocaleString('en')} rows/s`);
    console.log(`  CPU                       ${(cpu.node / 1000).toFixed(2)} s this process${cpu.database === undefined ? ' (PGlite included)' : `, ${(cpu.database / 1000).toFixed(2)} s PostgreSQL backends`}`);
    console.log(`  load average              ${loadBefore} before, ${loadAfter} after`.replace(/load (?=\d)/g, ''));
    console.log(`  list GET /api/leads idle     ${latencies(idle)}`);
    console.log(`  list during the import      ${latencies(during)}`);
    console.log(`  created ${job.created}  updated ${job.updated}  skipped ${job.skipped}  rejected ${job.rejected}  processed ${job.processed}/${job.total}`);
  } finally {
    await bench.close();
  }
}
