// Lighthouse on the built app, as issue 25 measures it (login, leads list, lead detail, lead form, documents list,
// dashboard): each page on Lighthouse's default mobile profile (a mid-range phone: 4× slower CPU, slow 4G) and on its
// desktop profile, with the HTTP cache emptied before every run. The app is
// `api/dist/server.js` on a fresh PGlite with the demo data (`seed-demo.js`, DEMO_LEADS leads, 240 unless set); the
// signed-in pages run with the Admin's session in the browser's localStorage, set once through the real sign-in
// call. Prints performance, LCP, TBT and CLS per page and profile, and the median of RUNS runs (1 unless set).
// Needs `pnpm build` (api/dist, host/dist and the remotes) and Debian's Chromium (`CHROMIUM_PATH` to change it).
// Usage: pnpm bench:lighthouse [-- --runs=3 --only=login,leads-list --save=/tmp/lh]
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { issuePages, median, signInBuiltApp, startBuiltApp, storeSession } from './lib/built-app.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1);
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1]?.split(',');
/** `--save=DIR` writes each run's full report (`<page>-<profile>-<run>.json`) there, to read its long tasks and shifts. */
const SAVE = process.argv.find((a) => a.startsWith('--save='))?.split('=')[1];

const PAGES = issuePages(ONLY);

const app = await startBuiltApp();
let chrome;
try {
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  const { session, leadId } = await signInBuiltApp(app.baseUrl);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  /** Signed in or out, as the SPA keeps it (shared/src/api-client/storage.ts), before the page is measured. */
  async function prepare(signedIn) {
    await storeSession(page, app.baseUrl, signedIn ? session : null);
    await cdp.send('Network.clearBrowserCache');
  }

  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${app.baseUrl}, Chromium ${await browser.version()}, median of ${RUNS} run(s), load average ${os.loadavg()[0].toFixed(1)} at start`);
  console.log(`${'page'.padEnd(16)}${'profile'.padEnd(9)}${'perf'.padStart(5)}${'LCP s'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'FCP s'.padStart(7)}`);
  for (const target of PAGES) {
    for (const [profile, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        await prepare(target.signedIn);
        const url = `${app.baseUrl}${target.path({ leadId })}`;
        const result = await lighthouse(url, { onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' }, config, page);
        const { audits, categories } = result.lhr;
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          writeFileSync(path.join(SAVE, `${target.name}-${profile}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
        // A metric Lighthouse could not compute has no value but an error message: the run is printed with it, and
        // the other pages still run.
        const failed = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'first-contentful-paint']
          .filter((id) => typeof audits[id].numericValue !== 'number')
          .map((id) => `${id}: ${audits[id].errorMessage ?? result.lhr.runtimeError?.message ?? 'no value'}`);
        runs.push({
          perf: categories.performance.score === null ? NaN : Math.round(categories.performance.score * 100),
          lcp: (audits['largest-contentful-paint'].numericValue ?? NaN) / 1000,
          tbt: audits['total-blocking-time'].numericValue ?? NaN,
          cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
          fcp: (audits['first-contentful-paint'].numericValue ?? NaN) / 1000,
          finalUrl: result.lhr.finalDisplayedUrl,
          failed,
        });
      }
      // Runs without a value are left out of the median (NaN when none has one).
      const pick = (key) => median(runs.map((run) => run[key]).filter((value) => !Number.isNaN(value))) ?? NaN;
      const landed = runs.at(-1).finalUrl.endsWith(target.path({ leadId })) ? '' : `  (landed on ${new URL(runs.at(-1).finalUrl).pathname})`;
      console.log(
        `${target.name.padEnd(16)}${profile.padEnd(9)}${String(pick('perf')).padStart(5)}${pick('lcp').toFixed(1).padStart(8)}` +
          `${pick('tbt').toFixed(0).padStart(8)}${pick('cls').toFixed(3).padStart(7)}${pick('fcp').toFixed(1).padStart(7)}${landed}`,
      );
      for (const [i, run] of runs.entries()) for (const failure of run.failed) console.log(`  run ${i + 1}: ${failure}`);
    }
  }
  await browser.disconnect();
} finally {
  await chrome?.kill();
  await app.stop();
}
