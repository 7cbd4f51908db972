// Prints where an import's write time goes (decision 035): the same rows written as the import writes them — leads
// alone, then with their responsible users and history rows — with every index, without the trigram GIN index, and
// without any secondary index, on PGlite (and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Each
// case starts from an empty table; the indexes are dropped on the throw-away database only.
// Usage: pnpm --filter @crm/bench bench:leads-import-profile [-- --rows=N --batch=N]
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';

const ROWS = option('rows', 20_000);
const BATCH = option('batch', 1_000);
const SECONDARY_INDEXES = [
  'leads_search_text_trgm_idx',
  'leads_created_at_id_idx',
  'leads_updated_at_id_idx',
  'leads_surname_id_idx',
  'leads_status_id_id_idx',
  'leads_created_by_idx',
  'leads_phone_normalized_id_idx',
];

const rows = Array.from({ length: ROWS }, (_, i) => ({
  surname: `Иванов${i % 7 ? '' : 'а'}`,
  firstname: 'Анна',
  patronymic: 'Сергеевна',
  phone: `+7 900 ${i}`,
  phoneNormalized: String(79_000_000_000 + i * 37),
  notes: i % 4 ? '' : `<p>Заметка ${i}: интересуется тарифом, перезвонить</p>`,
}));

const INSERT_LEADS = `insert into leads (surname, firstname, patronymic, phone, phone_normalized, status_id, additional_info, created_by)
  select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::int[]) returning id`;

for (const engine of benchEngines()) {
  const bench = await startBenchApp(engine);
  const admin = bench.adminId;
  /** The import's statements, one transaction per batch: leads, then (optionally) a third of them with a user and a history row each. */
  async function write(withSideTables) {
    await bench.raw('truncate leads cascade');
    const started = performance.now();
    for (let start = 0; start < ROWS; start += BATCH) {
      const b = rows.slice(start, start + BATCH);
      await bench.raw('begin');
      const column = (key) => b.map((r) => r[key]);
      const { rows: inserted } = await bench.raw(INSERT_LEADS, [
        column('surname'), column('firstname'), column('patronymic'), column('phone'), column('phoneNormalized'),
        b.map(() => null), column('notes'), b.map(() => admin),
      ]);
      const ids = inserted.map((r) => r.id);
      if (withSideTables) {
        const assigned = ids.filter((_, i) => i % 3 === 0);
        await bench.raw('insert into lead_users (lead_id, user_id) select * from unnest($1::int[], $2::int[])', [assigned, assigned.map(() => admin)]);
        await bench.raw(`insert into lead_history (lead_id, user_id, action) select *, 'imported' from unnest($1::int[], $2::int[])`, [ids, ids.map(() => admin)]);
      }
      await bench.raw('commit');
    }
    return since(started);
  }
  const figures = [];
  figures.push(['leads, every index', await write(false)]);
  figures.push(['leads + users + history, every index', await write(true)]);
  await bench.raw('drop index leads_search_text_trgm_idx');
  figures.push(['leads, no trigram index', await write(false)]);
  for (const name of SECONDARY_INDEXES.slice(1)) await bench.raw(`drop index ${name}`);
  figures.push(['leads, no secondary index', await write(false)]);
  console.log(`\n${engine.name}: ${ROWS.toLocaleString('en')} rows, ${BATCH.toLocaleString('en')} per transaction`);
  for (const [label, ms] of figures) console.log(`  ${label.padEnd(40)} ${(ms / 1000).toFixed(2)} s  (${((ms / figures[0][1]) * 100).toFixed(0)}%)`);
  await bench.close();
}
