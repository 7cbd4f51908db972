// Prints the answer times of POST /api/auth/forgot-password for an address with an account and for addresses without
// one (issue 7 measured 9 ms against 4 ms: enough to tell who has an account). The route now only queues a job for
// either; the lookup and the mail happen in the job. Requests alternate between the two kinds, each from its own
// client address (the per-address limit stays out of the way), through app.inject, after a warm-up. Then what an
// observer sees: the time of the request that follows each forgot-password (GET /api/auth/me), while that one's job
// runs on the same database connection (issue 18: 11.2 ms after an unknown address against 14.0 ms after a known one).
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

    // The request right after a forgot-password shares the connection with its job (PGlite has only one).
    const me = async () => {
      const started = performance.now();
      const response = await bench.app.inject({ method: 'GET', url: '/api/auth/me', headers: bench.headers });
      if (response.statusCode !== 200) throw new Error(`me answered ${response.statusCode}: ${response.body}`);
      return since(started);
    };
    const afterKnown = [];
    const afterUnknown = [];
    for (let i = 0; i < SAMPLES; i++) {
      const isKnown = i % 2 === 0;
      await ask(isKnown ? BENCH_ADMIN.email : `probe${i}@example.com`);
      (isKnown ? afterKnown : afterUnknown).push(await me());
      await bench.app.jobs.idle();
    }

    const k = summary(known);
    const u = summary(unknown);
    console.log(`\n${engine.name}: POST /api/auth/forgot-password, ${known.length} known and ${unknown.length} unknown addresses, interleaved`);
    console.log(`                    mean        p50        p90        p99`);
    console.log(`  known address   ${fmt(k.mean)}  ${fmt(k.p50)}  ${fmt(k.p90)}  ${fmt(k.p99)}`);
    console.log(`  unknown address ${fmt(u.mean)}  ${fmt(u.p50)}  ${fmt(u.p90)}  ${fmt(u.p99)}`);
    console.log(`  difference      ${fmt(k.mean - u.mean)}  ${fmt(k.p50 - u.p50)}`);
    console.log(`  the queued jobs (lookups, tokens, mails to the log) finished ${(drained / 1000).toFixed(2)} s after the last answer`);
    const ak = summary(afterKnown);
    const au = summary(afterUnknown);
    console.log(`  the next request (GET /api/auth/me) while the job runs:`);
    console.log(`  after a known    ${fmt(ak.mean)}  ${fmt(ak.p50)}  ${fmt(ak.p90)}  ${fmt(ak.p99)}`);
    console.log(`  after an unknown ${fmt(au.mean)}  ${fmt(au.p50)}  ${fmt(au.p90)}  ${fmt(au.p99)}`);
    console.log(`  difference       ${fmt(ak.mean - au.mean)}  ${fmt(ak.p50 - au.p50)}`);
  } finally {
    await bench.close();
  }
}
