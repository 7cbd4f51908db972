// Prints the answer times of POST /api/auth/forgot-password for an address with an account and for addresses without
// one (issue 7 measured 9 ms against 4 ms: enough to tell who has an account). The route now only queues a job for
// either; the lookup and the mail happen in the job. Requests alternate between the two kinds, each from its own
// client address (the per-address limit stays out of the way), through app.inject, after a warm-up.
// Usage: pnpm --filter @crm/bench bench:forgot-password [-- --samples=N]
import { BENCH_ADMIN, benchEngines, option, since, startBenchApp } from './lib/bench-app.mjs';

const SAMPLES = option('samples', 200);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = ms.reduce((sum, x) => sum + x, 0) / ms.length;
  return { mean, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99) };
};
const fmt = (x) => `${x.toFixed(2).padStart(6)} ms`;

for (const engine of benchEngines()) {
  const bench = await startBenchApp(engine);
  try {
    let n = 0;
    const ask = async (email) => {
      n++;
      const started = performance.now();
      const response = await bench.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      });
      const ms = since(started);
      if (response.statusCode !== 200) throw new Error(`forgot-password answered ${response.statusCode}: ${response.body}`);
      return ms;
    };
    for (let i = 0; i < 20; i++) await ask(i % 2 ? BENCH_ADMIN.email : `warmup${i}@example.com`);
    await bench.app.jobs.idle();

    const known = [];
    const unknown = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i % 2 === 0) known.push(await ask(BENCH_ADMIN.email));
      else unknown.push(await ask(`nobody${i}@example.com`));
    }
    const queued = performance.now();
    await bench.app.jobs.idle();
    const drained = since(queued);

    const k = summary(known);
    const u = summary(unknown);
    console.log(`\n${engine.name}: POST /api/auth/forgot-password, ${known.length} known and ${unknown.length} unknown addresses, interleaved`);
    console.log(`                    mean        p50        p90        p99`);
    console.log(`  known address   ${fmt(k.mean)}  ${fmt(k.p50)}  ${fmt(k.p90)}  ${fmt(k.p99)}`);
    console.log(`  unknown address ${fmt(u.mean)}  ${fmt(u.p50)}  ${fmt(u.p90)}  ${fmt(u.p99)}`);
    console.log(`  difference      ${fmt(k.mean - u.mean)}  ${fmt(k.p50 - u.p50)}`);
    console.log(`  the queued jobs (lookups, tokens, mails to the log) finished ${(drained / 1000).toFixed(2)} s after the last answer`);
  } finally {
    await bench.close();
  }
}
