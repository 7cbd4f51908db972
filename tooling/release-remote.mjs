// A feature team's release of one remote (docs/decisions/058): `pnpm --filter @crm/remote-leads run release --
// --public-url https://cdn.example.com/leads/1.4.0/ --out dir` builds the remote for the URL it will be served from
// into a folder of its own, ready for any static host (S3, a CDN, nginx). Each remote's `release` script runs this
// file with its name; `pnpm remote:switch` (tooling/remote-switch.mjs) then points the registry at the manifest.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTES = ['leads', 'documents', 'admin'];

export const USAGE = `Usage: pnpm --filter @crm/remote-<name> run release -- --public-url <url> --out <folder>

  --public-url  the URL the folder will be served from, e.g. https://cdn.example.com/leads/1.4.0/
                (http or https, or a path on the app's own server such as /remotes/leads/1.4.0/)
  --out         the folder to build into (relative to where you ran pnpm); must be empty, new, or an earlier release`;

/** A refusal of the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** The public URL as the build uses it: absolute http(s) or a path from the root, ending with '/'. */
export function normalisePublicUrl(value) {
  if (value === undefined || value === true || value === '') throw new UsageError('--public-url is required: the URL the release will be served from.');
  let url;
  if (value.startsWith('/') && !value.startsWith('//')) {
    url = new URL(value, 'http://placeholder.invalid');
    if (url.search || url.hash) throw new UsageError(`--public-url ${value}: no query string or fragment, only the folder's path.`);
    return url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  }
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--public-url ${value} is not a URL: use e.g. https://cdn.example.com/leads/1.4.0/`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--public-url ${value}: the host loads remotes over http or https, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.search || url.hash) throw new UsageError(`--public-url ${value}: no query string or fragment, only the folder's URL.`);
  if (url.username || url.password) throw new UsageError(`--public-url ${value}: no credentials in the URL; every browser would see them.`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * The command line: the remote (given by its package's script), --public-url and --out. `cwd` is where the user ran
 * pnpm (INIT_CWD), so `--out dir` means the folder they see, not one inside the package.
 */
export function parseReleaseArgs(argv, { cwd = process.cwd() } = {}) {
  const [remote, ...rest] = argv;
  if (!REMOTES.includes(remote)) throw new UsageError(`Unknown remote ${remote ?? '(none)'}: use one of ${REMOTES.join(', ')}.`);
  const options = {};
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    // pnpm may hand the `--` separator on.
    if (arg === '--') continue;
    const match = /^--(public-url|out)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unknown argument ${arg}.`);
    const value = match[2] ?? (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--') ? rest[++i] : undefined);
    options[match[1]] = value;
  }
  const publicUrl = normalisePublicUrl(options['public-url']);
  if (!options.out) throw new UsageError('--out is required: the folder to build the release into.');
  const outDir = path.resolve(cwd, options.out);
  const packageDir = path.join(root, `remote-${remote}`);
  if (outDir === root || root.startsWith(`${outDir}${path.sep}`) || outDir === packageDir || outDir === path.join(packageDir, 'src')) {
    throw new UsageError(`--out ${options.out} would replace the workspace's own files: choose a folder of its own.`);
  }
  if (existsSync(outDir)) {
    if (!statSync(outDir).isDirectory()) throw new UsageError(`--out ${options.out} is a file, not a folder.`);
    const entries = readdirSync(outDir);
    // The build empties the folder first: only a new, empty or earlier release folder may be given.
    if (entries.length > 0 && !entries.includes('mf-manifest.json')) {
      throw new UsageError(`--out ${options.out} holds other files: the build empties the folder, so give a new or empty one (or an earlier release).`);
    }
  }
  return { remote, publicUrl, outDir };
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code})`))));
  });
}

/** Builds the release and answers what its manifest records. */
export async function release({ remote, publicUrl, outDir }) {
  await run('pnpm', ['exec', 'webpack', '--mode', 'production'], {
    cwd: path.join(root, `remote-${remote}`),
    env: { ...process.env, CRM_RELEASE_PUBLIC_URL: publicUrl, CRM_RELEASE_OUT_DIR: outDir },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'mf-manifest.json'), 'utf8'));
  return { manifest: `${publicUrl}mf-manifest.json`, build: manifest.metaData?.remoteBuild ?? {} };
}

async function main() {
  let target;
  try {
    target = parseReleaseArgs(process.argv.slice(2), { cwd: process.env.INIT_CWD ?? process.cwd() });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`release: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { manifest, build } = await release(target);
  const origin = /^https?:/.test(manifest) ? new URL(manifest).origin : 'the app itself';
  console.log(`
Built ${build.name ?? target.remote} ${build.version ?? ''} (commit ${(build.commit ?? 'unknown').slice(0, 7)}, needs @crm/shared ${build.sharedRange ?? '?'})
into ${path.relative(process.env.INIT_CWD ?? process.cwd(), target.outDir) || '.'}

Next:
  1. Upload the folder's contents so that ${manifest} answers, with CORS open to the app
     (Access-Control-Allow-Origin: * or the app's origin) on every file; e.g. to try it: npx http-server <folder> --cors -p 8081
  2. Switch: CRM_URL=https://crm.example.com CRM_TOKEN=… pnpm remote:switch ${target.remote} ${manifest}
     (the API checks the manifest first and allows ${origin} in the page's Content-Security-Policy)
  3. Check it on the Модули page (/build/admin/remotes); undo with: pnpm remote:switch ${target.remote} --rollback`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`release: ${error.message}`);
    process.exit(1);
  });
}
