// Prints how the ways an import could write its rows compare (issue 25): the same 100,000 leads (a third with a
// responsible user, each with its 'imported' history row) written in 10,000-row transactions as the import writes
// them, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL, each case from an empty table:
//   copy            COPY straight into leads, lead_users and lead_history (the writer of decision 035)
//   copy, sync off  the same with `SET LOCAL synchronous_commit = off` in each transaction
//   staging         COPY into a temporary staging table, then one INSERT … SELECT per table
//   drop indexes    the secondary indexes of leads dropped first and built again after the last transaction
//   lookups         `copy` without telling the triggers of migration 0024 that the leads carry their columns: each
//                   looks up every lead of its COPY and finds nothing to change
//   flag-by-trigger COPY as the import wrote it before migration 0024, without `has_responsible_user`: the trigger on
//                   lead_users then sets it on every lead that has a user, a second write of a third of the leads
//   lead-row        what migration 0024 costs the copy: without its triggers, then without its two indexes too
// Besides the wall time it prints the CPU the database spent (PostgreSQL: the backends' utime+stime from /proc, read
// before and after each transaction on its own connection; PGlite: this process's CPU, where PGlite runs), which
// a shared machine disturbs far less than the wall time. `--existing=N` seeds N leads before each case, to
// show what rebuilding the indexes of a table that already holds leads costs.
// Usage: pnpm --filter @crm/bench bench:leads-import-writers [-- --rows=N --group=N --existing=N --engine=pglite|postgres --cases=copy,staging,lookups,flag-by-trigger,lead-row,parts]
import { readFileSync } from 'node:fs';
import { createBulkTransactions } from '../api/src/db/bulk-copy.ts';
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';

const ROWS = option('rows', 100_000);
const GROUP = option('group', 10_000);
const EXISTING = option('existing', 0);
const ENGINE = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const CASES = process.argv.find((a) => a.startsWith('--cases='))?.split('=')[1].split(',');

// As the import writes them (lead-import-repository.ts): `has_responsible_user` with the lead, so the trigger of
// migration 0024 on lead_users has no lead to update.
const LEAD_COLUMNS = ['id', 'surname', 'firstname', 'patronymic', 'phone', 'phone_normalized', 'status_id', 'additional_info', 'created_by', 'has_responsible_user'];
/** A third of the leads get a responsible user (the admin): those whose index is a multiple of 3. */
const hasUser = (i) => i % 3 === 0;
const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров'];

const lead = (i, admin, statusId) => [
  0,
  SURNAMES[i % SURNAMES.length] + (i % 7 ? '' : 'а'),
  'Анна',
  'Сергеевна',
  `+7 9${String(i).padStart(9, '0').slice(0, 2)} ${String(i).padStart(7, '0')}`,
  String(79_000_000_000 + i * 37),
  statusId,
  i % 4 ? '' : `<p>Заметка ${i}: интересуется тарифом, перезвонить</p>`,
  admin,
  hasUser(i) ? 't' : 'f',
];

/** utime+stime of a process in ms (clock ticks of 10 ms), or 0 when /proc does not have it. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

for (const engine of benchEngines().filter((e) => !ENGINE || e.kind === ENGINE)) {
  const bench = await startBenchApp(engine);
  const bulk = createBulkTransactions(bench.connection);
  const admin = bench.adminId;
  const [{ id: statusId }] = (await bench.raw('select id from lead_statuses order by position, id limit 1')).rows;
  const indexes = (await bench.raw(`select indexname, indexdef from pg_indexes where tablename = 'leads' and indexname <> 'leads_pkey'`)).rows;
  let serverCpu = 0;
  const local = engine.kind === 'pglite';

  /** One transaction; the database's CPU for it is added to serverCpu. */
  const transaction = (run) =>
    bulk.transaction(async (tx, copy) => {
      const pid = local ? 0 : (await tx.execute('select pg_backend_pid() as pid')).rows[0].pid;
      const before = local ? ownCpuMs() : processCpuMs(pid);
      try {
        return await run(tx, copy);
      } finally {
        serverCpu += (local ? ownCpuMs() : processCpuMs(pid)) - before;
      }
    });

  const nextIds = async (tx, n) =>
    (await tx.execute(`select nextval(pg_get_serial_sequence('leads', 'id'))::int as id from generate_series(1, ${n})`)).rows.map((r) => r.id);

  const writers = {
    async copy(tx, copy, rows) {
      // As the import does: the leads carry both columns of migration 0024, so its triggers need not look them up.
      await tx.execute(`select set_config('crm.lead_row_columns_written', 'on', true)`);
      await writers.lookups(tx, copy, rows);
    },
    async lookups(tx, copy, rows) {
      const ids = await nextIds(tx, rows.length);
      rows.forEach((row, i) => (row[0] = ids[i]));
      await copy('leads', LEAD_COLUMNS, rows);
      await copy('lead_users', ['lead_id', 'user_id'], ids.filter((_, i) => hasUser(i)).map((id) => [id, admin]));
      await copy('lead_history', ['lead_id', 'user_id', 'action'], ids.map((id) => [id, admin, 'imported']));
    },
    async 'flag by trigger'(tx, copy, rows) {
      const ids = await nextIds(tx, rows.length);
      rows.forEach((row, i) => (row[0] = ids[i]));
      await copy('leads', LEAD_COLUMNS.slice(0, -1), rows.map((row) => row.slice(0, -1)));
      await copy('lead_users', ['lead_id', 'user_id'], ids.filter((_, i) => hasUser(i)).map((id) => [id, admin]));
      await copy('lead_history', ['lead_id', 'user_id', 'action'], ids.map((id) => [id, admin, 'imported']));
    },
    async 'leads only'(tx, copy, rows) {
      const ids = await nextIds(tx, rows.length);
      rows.forEach((row, i) => (row[0] = ids[i]));
      await copy('leads', LEAD_COLUMNS, rows);
    },
    async 'copy, sync off'(tx, copy, rows) {
      await tx.execute('set local synchronous_commit = off');
      await writers.copy(tx, copy, rows);
    },
    async staging(tx, copy, rows) {
      await tx.execute(`select set_config('crm.lead_row_columns_written', 'on', true)`);
      await tx.execute(`create temporary table if not exists lead_import_staging (
          id int, surname text, firstname text, patronymic text, phone text, phone_normalized text, status_id int,
          additional_info text, created_by int, has_responsible_user boolean, user_id int) on commit delete rows`);
      await copy(
        'lead_import_staging',
        [...LEAD_COLUMNS.slice(1), 'user_id'],
        rows.map((row, i) => [...row.slice(1), hasUser(i) ? admin : null]),
      );
      await tx.execute(`update lead_import_staging set id = nextval(pg_get_serial_sequence('leads', 'id'))`);
      await tx.execute(`insert into leads (${LEAD_COLUMNS.join(', ')}) select ${LEAD_COLUMNS.join(', ')} from lead_import_staging`);
      await tx.execute('insert into lead_users (lead_id, user_id) select id, user_id from lead_import_staging where user_id is not null');
      await tx.execute(`insert into lead_history (lead_id, user_id, action) select id, created_by, 'imported' from lead_import_staging`);
    },
  };

  async function run(label, writer, { dropIndexes = false } = {}) {
    await bench.raw('truncate leads cascade');
    if (EXISTING > 0) {
      await bench.app.leadSeedRepository.insertMany(
        Array.from({ length: EXISTING }, (_, k) => ({ surname: 'Существующий', firstname: 'Лид', phone: `+7 912 ${String(k).padStart(7, '0')}`, createdBy: admin })),
      );
      await bench.raw('vacuum analyze leads');
    }
    serverCpu = 0;
    const started = performance.now();
    let rebuild = 0;
    if (dropIndexes) for (const { indexname } of indexes) await bench.raw(`drop index ${indexname}`);
    for (let start = 0; start < ROWS; start += GROUP) {
      const rows = Array.from({ length: Math.min(GROUP, ROWS - start) }, (_, k) => lead(start + k, admin, statusId));
      await transaction((tx, copy) => writer(tx, copy, rows));
    }
    if (dropIndexes) {
      const rebuildStarted = performance.now();
      // Built one after another, as a migration-free import would have to (each CREATE INDEX locks the table for writes).
      for (const { indexdef } of indexes) await transaction((tx) => tx.execute(indexdef));
      rebuild = since(rebuildStarted);
    }
    return { label, ms: since(started), cpu: serverCpu, rebuild };
  }

  const figures = [];
  const wanted = (name) => !CASES || CASES.includes(name);
  if (wanted('copy')) figures.push(await run('copy (decision 035)', writers.copy));
  if (wanted('sync-off')) figures.push(await run('copy, synchronous_commit off', writers['copy, sync off']));
  if (wanted('staging')) figures.push(await run('staging table + INSERT … SELECT', writers.staging));
  if (wanted('drop-indexes')) figures.push(await run('copy, secondary indexes dropped + rebuilt', writers.copy, { dropIndexes: true }));
  if (wanted('lookups')) figures.push(await run('copy, the triggers look every lead up', writers.lookups));
  if (wanted('flag-by-trigger')) figures.push(await run('copy, has_responsible_user left to the trigger', writers['flag by trigger']));
  if (wanted('copy')) figures.push(await run('copy (decision 035) again', writers.copy));
  // What migration 0024 adds to an import, on this throw-away database only: its triggers on lead_users and
  // lead_history (which find no lead to update), then also its two indexes on leads.
  if (wanted('lead-row')) {
    const triggers = [['lead_users', 'leads_responsible_users_insert'], ['lead_history', 'leads_activity_history_insert']];
    for (const [table, trigger] of triggers) await bench.raw(`alter table ${table} disable trigger ${trigger}`);
    figures.push(await run('  copy without the lead-row triggers (0024)', writers.copy));
    await bench.raw('drop index leads_last_activity_at_id_idx, leads_unassigned_created_at_id_idx');
    figures.push(await run('  … and without their two indexes', writers.copy));
    await bench.raw('create index leads_last_activity_at_id_idx on leads (last_activity_at, id)');
    await bench.raw('create index leads_unassigned_created_at_id_idx on leads (created_at, id) where not has_responsible_user');
    for (const [table, trigger] of triggers) await bench.raw(`alter table ${table} enable trigger ${trigger}`);
    figures.push(await run('copy (decision 035), all back', writers.copy));
  }
  // Where the time goes, on this throw-away database only: the side tables, the trigram index, the foreign keys.
  if (wanted('parts')) {
    figures.push(await run('  leads alone', writers['leads only']));
    await bench.raw('drop index leads_search_text_trgm_idx');
    figures.push(await run('  copy without the trigram index', writers.copy));
    const foreignKeys = (await bench.raw(`select conrelid::regclass as t, conname from pg_constraint where contype = 'f' and conrelid::regclass::text in ('leads', 'lead_users', 'lead_history')`)).rows;
    for (const { t, conname } of foreignKeys) await bench.raw(`alter table ${t} drop constraint ${conname}`);
    figures.push(await run('  … and without foreign keys', writers.copy));
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\n${engine.name}: ${ROWS.toLocaleString('en')} leads (+ users, history) in ${GROUP.toLocaleString('en')}-row transactions, ${EXISTING.toLocaleString('en')} existing; load ${load}`);
  for (const { label, ms, cpu, rebuild } of figures) {
    const extra = rebuild ? `  (rebuild ${(rebuild / 1000).toFixed(2)} s)` : '';
    console.log(`  ${label.padEnd(44)} wall ${(ms / 1000).toFixed(2).padStart(6)} s   database CPU ${(cpu / 1000).toFixed(2).padStart(6)} s${extra}`);
  }
  await bench.close();
}
