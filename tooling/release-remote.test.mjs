// tooling/release-remote.mjs: the command line a feature team types is checked before anything is built (the build
// itself is exercised end to end by the e2e suite, too slow for here).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { normalisePublicUrl, parseReleaseArgs, UsageError } from './release-remote.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'crm-release-args-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('the public URL: http(s) or a path, always ending with a slash', () => {
  assert.equal(normalisePublicUrl('https://cdn.example.com/leads/1.4.0/'), 'https://cdn.example.com/leads/1.4.0/');
  assert.equal(normalisePublicUrl('https://cdn.example.com/leads/1.4.0'), 'https://cdn.example.com/leads/1.4.0/');
  assert.equal(normalisePublicUrl('/remotes/leads/1.4.0'), '/remotes/leads/1.4.0/');
});

test('a bad or missing --public-url is refused with a clear reason', () => {
  const cases = [
    [undefined, /--public-url is required/],
    ['', /--public-url is required/],
    ['cdn.example.com/leads', /is not a URL/],
    ['ftp://cdn.example.com/leads/', /over http or https, not ftp/],
    ['//cdn.example.com/leads/', /is not a URL/],
    ['https://cdn.example.com/leads/?v=2', /no query string or fragment/],
    ['https://user:secret@cdn.example.com/leads/', /no credentials in the URL/],
  ];
  for (const [value, message] of cases) assert.throws(() => normalisePublicUrl(value), (error) => error instanceof UsageError && message.test(error.message), String(value));
});

test('arguments: the remote, --public-url and --out (either spelling), relative to where pnpm was run', () => {
  const parsed = parseReleaseArgs(['leads', '--', '--public-url', 'https://cdn.example.com/leads/1.4.0/', '--out', 'release'], { cwd: scratch });
  assert.deepEqual(parsed, { remote: 'leads', publicUrl: 'https://cdn.example.com/leads/1.4.0/', outDir: path.join(scratch, 'release') });
  assert.equal(parseReleaseArgs(['admin', '--public-url=/remotes/admin/', '--out=x'], { cwd: scratch }).outDir, path.join(scratch, 'x'));
});

test('refused: an unknown remote or argument, no --out, an --out that holds other files or the workspace', () => {
  const full = path.join(scratch, 'full');
  mkdirSync(full);
  writeFileSync(path.join(full, 'notes.txt'), 'mine');
  const earlier = path.join(scratch, 'earlier');
  mkdirSync(earlier);
  writeFileSync(path.join(earlier, 'mf-manifest.json'), '{}');
  const url = ['--public-url', 'https://cdn.example.com/x/'];
  const cases = [
    [['payroll', ...url, '--out', 'x'], /Unknown remote payroll/],
    [['leads', ...url, '--out', 'x', '--minify'], /Unknown argument --minify/],
    [['leads', ...url], /--out is required/],
    [['leads', '--out', 'x'], /--public-url is required/],
    [['leads', '--public-url', '--out', 'x'], /--public-url is required/],
    [['leads', ...url, '--out', full], /holds other files/],
    [['leads', ...url, '--out', root], /would replace the workspace's own files/],
    [['leads', ...url, '--out', path.join(root, 'remote-leads')], /would replace the workspace's own files/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseReleaseArgs(args, { cwd: scratch }), (error) => error instanceof UsageError && message.test(error.message), args.join(' '));
  }
  // An earlier release is replaced.
  assert.equal(parseReleaseArgs(['leads', ...url, '--out', earlier], { cwd: scratch }).outDir, earlier);
});

test('the package script prints the reason and the usage, and exits 2 without building', () => {
  const result = spawnSync('pnpm', ['--filter', '@crm/remote-leads', 'run', 'release', '--', '--public-url', 'ftp://cdn.example.com/leads/', '--out', path.join(scratch, 'never')], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.notEqual(result.status, 0);
  assert.match(result.stderr, /release: --public-url ftp:\/\/cdn\.example\.com\/leads\/: the host loads remotes over http or https, not ftp\./);
  assert.match(result.stderr, /Usage: pnpm --filter @crm\/remote-<name> run release/);
  assert.match(`${result.stdout}${result.stderr}`, /Exit status 2/);
});
