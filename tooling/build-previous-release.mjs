// Rebuilds the "previous release" fixture of the compatibility matrix (e2e/tests/compatibility-matrix.test.ts,
// docs/decisions/059): the host and the leads remote as they were built at a git ref, without source maps.
//   node tooling/build-previous-release.mjs <git ref> [--out <folder>]
// Once a release is tagged, run it with that tag (v0.7.0 first) and commit the folder.
// The ref is checked out into a temporary git worktree, installed from the lockfile of that commit and built with that
// commit's own scripts and webpack configuration; the worktree is removed afterwards, whatever happens.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The previous release's front ends: its leads remote goes into today's host; its host, with its own documents and
 * admin remotes as that release deployed them, gets today's leads remote.
 */
const PACKAGES = [
  ['@crm/host', 'host'],
  ['@crm/remote-leads', 'remote-leads'],
  ['@crm/remote-documents', 'remote-documents'],
  ['@crm/remote-admin', 'remote-admin'],
];
/** Only DevTools reads source maps, and the API and the test's static server answer without the precompressed copies. */
const LEFT_OUT = /\.(map|br|gz)$/;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: node tooling/build-previous-release.mjs <git ref> [--out <folder>]');
  process.exit(2);
}

function parseArgs(argv) {
  let ref;
  let out = path.join(root, 'e2e/fixtures/previous-release');
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--out') out = path.resolve(argv[(i += 1)] ?? usage('--out needs a folder'));
    else if (argv[i].startsWith('-')) usage(`unknown option ${argv[i]}`);
    else if (ref === undefined) ref = argv[i];
    else usage('one git ref only');
  }
  if (!ref) usage('a git ref is required (a tag such as v0.7.0, or a commit)');
  return { ref, out };
}

const git = (args, cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

function run(command, args, cwd, env = {}) {
  console.log(`[previous-release] ${path.relative(root, cwd) || '.'}$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function sizeOf(dir) {
  let bytes = 0;
  for (const file of files(dir)) bytes += statSync(file).size;
  return bytes;
}

function readme({ ref, commit, subject, sharedVersion, leadsVersion, builtAt }) {
  return `# The previous release, as built (compatibility matrix fixture)

Built by \`node tooling/build-previous-release.mjs ${ref}\` on ${builtAt.slice(0, 10)}; do not edit by hand.
"The previous release" is the newest release tag; until the first tag, the last commit on main whose
\`@crm/shared\` was the minor before today's.

- ref: \`${ref}\`, commit \`${commit}\` (${subject})
- \`@crm/shared\` ${sharedVersion}, \`@crm/remote-leads\` ${leadsVersion}
- \`host/\`, \`remote-leads/\`, \`remote-documents/\`, \`remote-admin/\`: that commit's \`dist\` folders, without source
  maps or precompressed copies.

\`e2e/tests/compatibility-matrix.test.ts\` loads this leads remote into today's host from another origin, and today's
leads remote into this host beside this release's documents and admin remotes (docs/decisions/059). Once a release is
tagged, rebuild it from that tag and commit it, so the work after the release is tested against it:

\`\`\`sh
node tooling/build-previous-release.mjs v0.7.0
\`\`\`
`;
}

const { ref, out } = parseArgs(process.argv.slice(2));
const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
const subject = git(['log', '-1', '--format=%s', commit]);
const sharedVersion = JSON.parse(git(['show', `${commit}:shared/package.json`])).version;
const leadsVersion = JSON.parse(git(['show', `${commit}:remote-leads/package.json`])).version;
const work = mkdtempSync(path.join(tmpdir(), 'crm-previous-release-'));
const checkout = path.join(work, 'checkout');
let ok = false;
try {
  git(['worktree', 'add', '--detach', checkout, commit]);
  // The store usually holds every package already; a lockfile with something it lacks needs the registry.
  if (!run('pnpm', ['install', '--frozen-lockfile', '--offline'], checkout) && !run('pnpm', ['install', '--frozen-lockfile'], checkout)) {
    throw new Error('pnpm install failed');
  }
  for (const [name] of PACKAGES) {
    // GIT_COMMIT: a build that records its commit (docs/decisions/051) names the release's, not a worktree's guess.
    if (!run('pnpm', ['--filter', name, 'run', 'build'], checkout, { GIT_COMMIT: commit })) throw new Error(`${name}: build failed`);
  }
  rmSync(out, { recursive: true, force: true });
  for (const [, dir] of PACKAGES) {
    const dist = path.join(checkout, dir, 'dist');
    if (!existsSync(dist)) throw new Error(`${dir}/dist was not built`);
    cpSync(dist, path.join(out, dir), { recursive: true, filter: (source) => !LEFT_OUT.test(source) });
  }
  const builtAt = new Date().toISOString();
  writeFileSync(
    path.join(out, 'release.json'),
    `${JSON.stringify({ ref, commit, sharedVersion, remoteLeadsVersion: leadsVersion, builtAt }, null, 2)}\n`,
  );
  writeFileSync(path.join(out, 'README.md'), readme({ ref, commit, subject, sharedVersion, leadsVersion, builtAt }));
  for (const [, dir] of PACKAGES) console.log(`[previous-release] ${dir}: ${(sizeOf(path.join(out, dir)) / 1024).toFixed(0)} KiB`);
  console.log(`[previous-release] ${path.relative(root, out)}: ${commit.slice(0, 12)} (@crm/shared ${sharedVersion})`);
  ok = true;
} catch (error) {
  console.error(`[previous-release] ${error instanceof Error ? error.message : error}`);
} finally {
  try {
    git(['worktree', 'remove', '--force', checkout]);
  } catch {
    // Not added (a bad ref); nothing to remove.
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
