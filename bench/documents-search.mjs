// Prints p50/p95 latency of GET /api/document over 20,000 documents for several searches (full text, Russian and
// English, ranked, with ts_headline on the page's rows), on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL
// is set, on a throw-away PostgreSQL database.
// Usage: pnpm --filter @crm/bench bench:documents-search [-- --documents=N --requests=N --filler=0.9]
import { benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';

const DOCUMENTS = option('documents', 20_000);
/** Share of a body's words drawn from 5,000 other terms (0: every document holds every common word, the worst case). */
const FILLER = option('filler', 0);
const REQUESTS = option('requests', 30);
const WARM_UP = 3;

const WORDS = [
  'договор', 'договоры', 'поставка', 'поставки', 'счёт', 'акт', 'регламент', 'отпуск', 'сотрудник', 'клиент', 'оплата',
  'инструкция', 'склад', 'доставка', 'возврат', 'contract', 'contracts', 'invoice', 'delivery', 'payment', 'policy',
  'warehouse', 'employee', 'customer', 'refund', 'report',
];

/**
 * 20,000 documents of 120 random words each (the common words above, or with `--filler` a share of 5,000 other
 * terms), 1 in 200 with a rare term and 1 in 10 with a file, generated inside the database.
 */
async function seed(bench) {
  const categories = await bench.app.documentCategoryRepository.list();
  const started = performance.now();
  const batch = 2_000;
  for (let from = 1; from <= DOCUMENTS; from += batch) {
    const to = Math.min(DOCUMENTS, from + batch - 1);
    await bench.raw(
      `insert into documents (title, text, plain_text, category_id, file_names)
       select 'Документ ' || g || ' ' || w[1 + (g % $3::int)], '<p>' || body || '</p>', body, $4,
              case when g % 10 = 0 then 'приложение-' || g || '.pdf' else '' end
       from generate_series($1::int, $2::int) g,
            (select $5::text[] as w) words,
            lateral (select string_agg(case when random() < $6 then 'термин' || floor(random() * 5000)::int else w[1 + floor(random() * $3::int)::int + 0 * s] end, ' ') || case when g % 200 = 0 then ' редкийтермин' else '' end as body
                     from generate_series(1, 120) s where g > 0) b`,
      [from, to, WORDS.length, categories[0].id, WORDS, FILLER],
    );
  }
  await bench.raw('analyze');
  return since(started) / 1000;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

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

const pad = (value, width) => String(value).padStart(width);

for (const engine of benchEngines()) {
  const bench = await startBenchApp(engine);
  try {
    const seconds = await seed(bench);
    const shapes = [
      { name: 'no search, newest first', query: '' },
      { name: "'договор' (ranked, common)", query: `?search=${encodeURIComponent('договор')}` },
      { name: "'contract' (English)", query: '?search=contract' },
      { name: "'поставка склад' (both)", query: `?search=${encodeURIComponent('поставка склад')}` },
      { name: "'редкийтермин' (rare)", query: `?search=${encodeURIComponent('редкийтермин')}` },
      { name: "'приложение' (file names)", query: `?search=${encodeURIComponent('приложение')}` },
      { name: "'договор' sorted by title", query: `?search=${encodeURIComponent('договор')}&sort=title` },
    ];
    console.log(
      `\n${engine.name}: GET /api/document over ${DOCUMENTS.toLocaleString('en')} documents (seeded in ${seconds.toFixed(1)} s, filler ${FILLER}), ` +
        `${REQUESTS} sequential requests per shape after ${WARM_UP} warm-up, 25 per page`,
    );
    console.log(`${'shape'.padEnd(30)}${pad('matches', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}`);
    for (const shape of shapes) {
      const first = await bench.app.inject({ method: 'GET', url: `/api/document${shape.query}`, headers: bench.headers });
      if (first.statusCode !== 200) throw new Error(`${shape.name}: ${first.statusCode} ${first.body}`);
      const result = await measure(() => bench.app.inject({ method: 'GET', url: `/api/document${shape.query}`, headers: bench.headers }));
      console.log(`${shape.name.padEnd(30)}${pad(first.json().meta.total, 9)}${pad(result.p50.toFixed(1), 9)}${pad(result.p95.toFixed(1), 9)}`);
    }
  } finally {
    await bench.close();
  }
}
