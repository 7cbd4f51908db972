// tooling/compress.mjs: what a build's dist folder holds after the compression step that tooling/build.mjs runs.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressDist } from './compress.mjs';

const dist = mkdtempSync(path.join(tmpdir(), 'crm-compress-'));
after(() => rmSync(dist, { recursive: true, force: true }));

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "lead ${i}" }`).join(', ')}];\n`;
const files = {
  'assets/main.0123456789.js': script,
  'remoteEntry.js': script,
  'mf-manifest.json': JSON.stringify({ rows: script }),
  'index.html': `<!doctype html><html><head><title>CRM</title></head><body>${'<p>text</p>'.repeat(200)}</body></html>`,
  'assets/main.0123456789.js.map': script,
  'assets/tiny.0123456789.js': 'var a=1;',
  'assets/logo.png': script,
};
for (const [name, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
  writeFileSync(path.join(dist, name), content);
}

test('every text asset gets a brotli and a gzip copy that decompress to the file; maps, tiny and binary files none', async () => {
  const totals = await compressDist(dist);
  for (const name of ['assets/main.0123456789.js', 'remoteEntry.js', 'mf-manifest.json', 'index.html']) {
    const original = readFileSync(path.join(dist, name));
    const br = readFileSync(path.join(dist, `${name}.br`));
    const gz = readFileSync(path.join(dist, `${name}.gz`));
    assert.deepEqual(brotliDecompressSync(br), original, name);
    assert.deepEqual(gunzipSync(gz), original, name);
    assert.ok(br.length < original.length / 3, `${name}: brotli ${br.length} of ${original.length} bytes`);
  }
  for (const name of ['assets/main.0123456789.js.map', 'assets/tiny.0123456789.js', 'assets/logo.png']) {
    assert.equal(existsSync(path.join(dist, `${name}.br`)), false, name);
    assert.equal(existsSync(path.join(dist, `${name}.gz`)), false, name);
  }
  assert.equal(totals.files, 4);
  assert.ok(totals.br < totals.gz && totals.gz < totals.raw, JSON.stringify(totals));
});
