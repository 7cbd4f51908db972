// First-load JavaScript of a signed-in /build/leads/list, measured the way a browser pays for it: every script the
// page loads (host entry, lazy chunks, remote entries, the remotes' chunks), each body gzipped. Used by the budget test
// (e2e/tests/first-load-budget.test.ts) and by `pnpm bench` (bench/build-size.mjs), so both count the same bytes.
//
// Units: the budget is issue 8's 250 KB, taken as 250,000 bytes (244.1 KiB), the stricter reading; figures print in
// KiB (1024 bytes) and in KB.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Issue 8's budget, enforced by e2e/tests/first-load-budget.test.ts: the first-load JS of a signed-in
 * /build/leads/list, every script, gzip -9, at most 250 KB. Held to 250,000 bytes until the every-screen fixes (issue
 * 22) took it to 254.2 KB; 256,000 bytes since; 260,000 bytes since issues 23 and 24 (the saved views' tabs and filters
 * on the list, the dashboard's and "Мой день"'s menu entries, the sign-in flows) took it to 257.6 KB after 1.5 KB was
 * won back. Over 250,000 bytes is a debt: issue 25 wins it back (docs/decisions/033).
 */
export const FIRST_LOAD_BUDGET_BYTES = 260_000;

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * Signs in through the login form, then reloads /build/leads/list and records every script response until the list
 * shows a lead and the network is idle. `page` is a fresh playwright page; the reload is the cold load measured
 * (the browser cache is disabled, so every script is fetched again).
 * @returns {Promise<{ path: string, raw: number, gzip: number, body: Buffer }[]>}
 */
export async function loadLeadsList(page, { baseUrl, email, password }) {
  await page.goto(`${baseUrl}/build/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/leads\/list/);
  await page.getByRole('cell', { name: /^\+7/ }).first().waitFor();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = [];
  const onResponse = (res) => {
    if (res.request().resourceType() === 'script') responses.push(res);
  };
  page.on('response', onResponse);
  await page.reload();
  await page.getByRole('cell', { name: /^\+7/ }).first().waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);

  const scripts = [];
  for (const res of responses) {
    if (res.status() !== 200) throw new Error(`script ${res.url()} answered ${res.status()}`);
    const body = await res.body();
    scripts.push({ path: new URL(res.url()).pathname, raw: body.length, gzip: gzip(body), body });
  }
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

/** Where a served script lies in the build: /build/… is the host's dist, /build/remotes/<name>/… a remote's. */
export function distFileFor(urlPath) {
  const remote = /^\/build\/remotes\/([^/]+)\/(.+)$/.exec(urlPath);
  if (remote) return path.join(repoRoot, `remote-${remote[1]}`, 'dist', remote[2]);
  const host = /^\/build\/(.+)$/.exec(urlPath);
  return host ? path.join(repoRoot, 'host', 'dist', host[1]) : undefined;
}

/** A source file of a map → the group it counts under: an npm package, a folder of our code, or webpack's runtime. */
export function groupOf(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (/^webpack:\/\/[^/]*\/webpack\//.test(source) || source.startsWith('webpack/')) return '(webpack runtime)';
  // webpack://<uniqueName>/./src/… or /../shared/src/… relative to the package folder; our paths are shallow enough.
  const rel = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\/)+/, '');
  const parts = rel.split('/').filter((p) => p !== '..' && p !== '.');
  if (parts[0] === 'src') parts.unshift('(package)');
  const features = parts.indexOf('features');
  const depth = features >= 0 && features < 3 ? features + 2 : 3;
  return parts.slice(0, depth).join('/').replace(/\.[jt]sx?$/, '');
}

/**
 * Splits one script into its contributors using the build's source map: each generated span counts for the source
 * file it maps to; unmapped code (webpack's glue) counts as "(unmapped)". Gzip per contributor is estimated by gzipping
 * its code on its own and scaling so the parts add up to the script's real gzip size.
 * @returns {{ group: string, raw: number, gzip: number }[] | undefined} undefined when the map is not on disk
 */
export function contributors(script, packageName = '') {
  const file = distFileFor(script.path);
  if (!file || !existsSync(`${file}.map`)) return undefined;
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const lines = script.body.toString('utf8').split('\n');
  const spans = new Map();
  const add = (group, text) => {
    if (!text) return;
    const list = spans.get(group) ?? [];
    list.push(text);
    spans.set(group, list);
  };
  const byLine = new Map();
  map.eachMapping((m) => {
    const list = byLine.get(m.generatedLine) ?? [];
    list.push(m);
    byLine.set(m.generatedLine, list);
  }, null, SourceMapConsumer.GENERATED_ORDER);
  lines.forEach((line, index) => {
    const mappings = byLine.get(index + 1) ?? [];
    let cursor = 0;
    mappings.forEach((m, i) => {
      const end = i + 1 < mappings.length ? mappings[i + 1].generatedColumn : line.length;
      if (m.generatedColumn > cursor) add('(unmapped)', line.slice(cursor, m.generatedColumn));
      add(m.source ? groupOf(m.source) : '(unmapped)', line.slice(m.generatedColumn, end));
      cursor = Math.max(cursor, end);
    });
    if (cursor < line.length) add('(unmapped)', line.slice(cursor));
  });
  const parts = [...spans].map(([group, texts]) => {
    const code = Buffer.from(texts.join(''), 'utf8');
    return { group: group.replace('(package)', packageName), raw: code.length, alone: gzip(code) };
  });
  const alone = parts.reduce((sum, p) => sum + p.alone, 0) || 1;
  return parts
    .map(({ group, raw, alone: a }) => ({ group, raw, gzip: Math.round((a / alone) * script.gzip) }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The host's own code is under host/…, a remote's under remote-<name>/…. */
function packageOf(urlPath) {
  const remote = /^\/build\/remotes\/([^/]+)\//.exec(urlPath);
  return remote ? `remote-${remote[1]}` : 'host';
}

/** Everything the page loaded, with contributors per script and summed over the page. */
export function analyse(scripts) {
  const total = { raw: 0, gzip: 0 };
  const overall = new Map();
  const perScript = scripts.map((script) => {
    total.raw += script.raw;
    total.gzip += script.gzip;
    const parts = contributors(script, packageOf(script.path));
    for (const part of parts ?? [{ group: '(no source map)', raw: script.raw, gzip: script.gzip }]) {
      const sum = overall.get(part.group) ?? { raw: 0, gzip: 0 };
      sum.raw += part.raw;
      sum.gzip += part.gzip;
      overall.set(part.group, sum);
    }
    return { path: script.path, raw: script.raw, gzip: script.gzip, parts };
  });
  const byContributor = [...overall].map(([group, v]) => ({ group, ...v })).sort((a, b) => b.gzip - a.gzip);
  return { total, perScript, byContributor };
}

/** The printed table: every script (raw, gzip), its largest contributors, the total and the top contributors overall. */
export function formatReport({ total, perScript, byContributor }, { perScriptTop = 6, overallTop = 25 } = {}) {
  const out = [];
  out.push(`Scripts of /build/leads/list, largest first (gzip -9; contributors estimated from the source maps):`);
  for (const s of perScript) {
    out.push(`  ${kib(s.raw).padStart(10)} raw  ${kib(s.gzip).padStart(10)} gzip  ${s.path}`);
    for (const p of (s.parts ?? []).slice(0, perScriptTop)) {
      out.push(`  ${''.padStart(10)}      ${kib(p.gzip).padStart(10)}         · ${p.group}`);
    }
  }
  out.push(`  ${kib(total.raw).padStart(10)} raw  ${kib(total.gzip).padStart(10)} gzip  total, ${perScript.length} scripts`);
  out.push(``, `Top contributors over the whole page (gzip, estimated):`);
  for (const c of byContributor.slice(0, overallTop)) {
    out.push(`  ${kib(c.gzip).padStart(10)}  ${kib(c.raw).padStart(10)} raw  ${c.group}`);
  }
  return out.join('\n');
}
