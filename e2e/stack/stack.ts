// The production stack on this machine (docs/decisions/054): a fresh PostgreSQL database on the running server, a
// Redis database number, an S3 server (s3rver), two API instances from the production build and nginx in front, on
// deploy/nginx/crm.conf. `startStack` starts them; `stop` always kills every child, drops the database and removes
// the temporary folder, also when a start failed half-way.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import pg from 'pg';
import { ADMIN, repoRoot } from '../support/app-server';

export { ADMIN };

/** The PostgreSQL server the stack makes its database on (CI and this machine run one here). */
const POSTGRES_URL = process.env.STACK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A database number of its own, so the stack's keys never meet the API tests' (15) or a developer's (0). */
const REDIS_URL = process.env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/**
 * nginx connects to the instances from this loopback address, and the instances trust only it (TRUSTED_PROXIES), so
 * a client on 127.0.0.1 (or any other 127.x address) is a client, not the proxy, as on a real network.
 */
export const PROXY_ADDRESS = '127.0.0.2';
const BUCKET = 'crm-stack';

export type InstanceName = 'A' | 'B';

export interface Instance {
  name: InstanceName;
  port: number;
  /** Everything the process wrote, across restarts. */
  output(): string;
  start(): Promise<void>;
  /** SIGTERM (drain, then close) or SIGKILL; resolves when the process has exited. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  running(): boolean;
}

export interface Stack {
  /** nginx, balancing over both instances: the address users have. */
  url: string;
  /** nginx servers with the same locations, each pinned to one instance (test only), to say which one answers. */
  pinned: Record<InstanceName, string>;
  instances: Record<InstanceName, Instance>;
  /** The METRICS_TOKEN both instances share. */
  metricsToken: string;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  nginxLog(): string;
  /** Requests nginx has passed to a second instance so far (its access log names two upstreams). */
  nginxRetries(): number;
  /** Copies nginx's logs and the instances' output into `into` (STACK_LOGS, to read after a failure). */
  keepLogs(into: string): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(what: string, ms: number, check: () => Promise<boolean>, failed?: () => string | undefined): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const failure = failed?.();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${ms / 1000} s${failed ? `\n${failed() ?? ''}` : ''}`);
}

const answers = (url: string) =>
  new Promise<number>((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.setTimeout(2000, () => request.destroy());
  });

/** Builds the API and the front ends when their output is missing (CI has built them in `pnpm test` already). */
function buildWhenMissing(): void {
  if (existsSync(path.join(repoRoot, 'api/dist/server.js')) && existsSync(path.join(repoRoot, 'host/dist'))) return;
  console.log('[stack] api/dist or host/dist missing: pnpm build');
  const built = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`pnpm build failed (${built.status})`);
}

/**
 * deploy/nginx/crm.conf with its placeholders filled (as the official image's envsubst does), plus, for the test
 * only, one server per instance made of the same server block with its upstream pinned to that instance.
 */
export function renderNginxConf(options: {
  tmp: string;
  listen: number;
  pinned: Record<InstanceName, number>;
  upstreams: Record<InstanceName, number>;
}): string {
  const template = readFileSync(path.join(repoRoot, 'deploy/nginx/crm.conf'), 'utf8');
  const values: Record<string, string> = {
    API_1: `127.0.0.1:${options.upstreams.A}`,
    API_2: `127.0.0.1:${options.upstreams.B}`,
    LISTEN: `127.0.0.1:${options.listen}`,
  };
  const crm = template.replace(/\$\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const serverBlock = /^server \{[\s\S]*?^\}/m.exec(crm)?.[0];
  if (!serverBlock || !serverBlock.includes('proxy_pass http://crm_api;')) throw new Error('deploy/nginx/crm.conf: no server block proxying to crm_api');
  const pinnedServer = (name: InstanceName) =>
    serverBlock
      .replace(/listen [^;]+;/, `listen 127.0.0.1:${options.pinned[name]};`)
      .replaceAll('proxy_pass http://crm_api;', `proxy_pass http://crm_api_${name.toLowerCase()};`);
  const t = options.tmp;
  return `# Rendered by e2e/stack/stack.ts for one run of pnpm test:stack.
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${t}/nginx.pid;
error_log ${t}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$remote_addr "$request" $status upstream=$upstream_addr:$upstream_status $request_time';
  access_log ${t}/access.log upstreams;
  client_body_temp_path ${t}/client_body;
  proxy_temp_path ${t}/proxy;
  fastcgi_temp_path ${t}/fastcgi;
  uwsgi_temp_path ${t}/uwsgi;
  scgi_temp_path ${t}/scgi;
  # The proxy's own address, apart from the clients' (TRUSTED_PROXIES names it).
  proxy_bind ${PROXY_ADDRESS};

${crm}

  upstream crm_api_a { server 127.0.0.1:${options.upstreams.A}; }
  upstream crm_api_b { server 127.0.0.1:${options.upstreams.B}; }
${pinnedServer('A')}
${pinnedServer('B')}
}
`;
}

export async function startStack(): Promise<Stack> {
  buildWhenMissing();
  const tmp = mkdtempSync(path.join(tmpdir(), 'crm-stack-'));
  const children = new Set<ChildProcess>();
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(tmp, { recursive: true, force: true })];
  // A test runner killed outright still takes its children with it.
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[stack] cleanup failed:', error);
      }
    }
    killAll();
    process.off('exit', killAll);
  };

  try {
    // PostgreSQL: a fresh database, dropped at the end whatever happened.
    const database = `crm_stack_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    });
    const databaseUrl = Object.assign(new URL(POSTGRES_URL), { pathname: `/${database}` }).toString();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // pool.end() answers before its clients' sockets have closed, so the DROP … WITH (FORCE) after it may still end a
    // backend under one: that client's error event says nothing a query has not already (queries reject on their own).
    pool.on('connect', (client) => client.on('error', () => undefined));
    cleanups.push(() => pool.end());

    // Redis: a database number of its own (REDIS_URL's path), flushed never: a concurrent run may share it. The keys
    // the instances leave expire by themselves (sign-in counts after a minute, instance heartbeats after 30 s), and the
    // checks use client addresses drawn per run (clientAddress), so an earlier run's counts never meet this one's.

    // The S3 server, its objects in the temporary folder.
    const s3Port = await freePort();
    const s3Dir = path.join(tmp, 's3');
    mkdirSync(s3Dir);
    const s3rverBin = path.join(path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin/s3rver.js');
    const s3 = spawn(process.execPath, [s3rverBin, '-d', s3Dir, '-a', '127.0.0.1', '-p', String(s3Port), '-s', '--configure-bucket', BUCKET], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(s3);
    let s3Log = '';
    s3.stdout?.on('data', (d) => (s3Log += d));
    s3.stderr?.on('data', (d) => (s3Log += d));
    cleanups.push(() => stopChild(s3, 'SIGTERM'));
    await waitFor('s3rver', 30_000, async () => (await answers(`http://127.0.0.1:${s3Port}/${BUCKET}`)) === 200, () =>
      s3.exitCode !== null ? `exited ${s3.exitCode}: ${s3Log}` : undefined,
    );

    const ports = { A: await freePort(), B: await freePort(), nginx: await freePort(), pinnedA: await freePort(), pinnedB: await freePort() };
    const url = `http://127.0.0.1:${ports.nginx}`;
    const secret = randomBytes(16).toString('hex');
    const sharedEnv = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APP_URL: url,
      // The embedded endpoint on APP_URL's origin, every instance signing with the same secret (.env.example).
      PUSHER_URL: `http://crm-key:${secret}@127.0.0.1:${ports.nginx}/apps/crm`,
      REDIS_URL,
      TRUSTED_PROXIES: PROXY_ADDRESS,
      FILE_URL_SECRET: randomBytes(24).toString('hex'),
      METRICS_TOKEN: randomBytes(24).toString('hex'),
      FILE_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      LOG_LEVEL: 'warn',
    };

    const makeInstance = (name: InstanceName): Instance => {
      const port = ports[name];
      const dataDir = path.join(tmp, `data-${name}`);
      mkdirSync(dataDir);
      let child: ChildProcess | undefined;
      let log = '';
      const instance: Instance = {
        name,
        port,
        output: () => log,
        running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
        async start() {
          const started = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
            cwd: repoRoot,
            env: { ...process.env, ...sharedEnv, PORT: String(port), DATA_DIR: dataDir },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child = started;
          children.add(started);
          started.once('exit', () => children.delete(started));
          log += `--- ${name} started\n`;
          started.stdout?.on('data', (d) => (log += d));
          started.stderr?.on('data', (d) => (log += d));
          await waitFor(`instance ${name} ready`, 180_000, async () => (await answers(`http://127.0.0.1:${port}/api/ready`)) === 200, () =>
            started.exitCode !== null ? `exited ${started.exitCode}:\n${log}` : undefined,
          );
        },
        async stop(signal) {
          if (child) await stopChild(child, signal);
        },
      };
      cleanups.push(() => instance.stop('SIGKILL'));
      return instance;
    };
    const instances = { A: makeInstance('A'), B: makeInstance('B') };
    // One after the other: the first applies the migrations and the base seed.
    await instances.A.start();
    await instances.B.start();

    const nginxDir = path.join(tmp, 'nginx');
    mkdirSync(nginxDir);
    const conf = path.join(nginxDir, 'nginx.conf');
    writeFileSync(
      conf,
      renderNginxConf({ tmp: nginxDir, listen: ports.nginx, pinned: { A: ports.pinnedA, B: ports.pinnedB }, upstreams: { A: ports.A, B: ports.B } }),
    );
    const tested = spawnSync(NGINX, ['-t', '-p', nginxDir, '-c', conf], { encoding: 'utf8' });
    if (tested.status !== 0) throw new Error(`nginx -t refused the configuration:\n${tested.stderr}`);
    const nginx = spawn(NGINX, ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(nginx);
    let nginxOut = '';
    nginx.stderr?.on('data', (d) => (nginxOut += d));
    // SIGQUIT: nginx's graceful stop, which also stops its worker.
    cleanups.push(() => stopChild(nginx, 'SIGQUIT'));
    for (const port of [ports.nginx, ports.pinnedA, ports.pinnedB]) {
      await waitFor('nginx', 20_000, async () => (await answers(`http://127.0.0.1:${port}/api/ready`)) === 200, () =>
        nginx.exitCode !== null ? `exited ${nginx.exitCode}: ${nginxOut}` : undefined,
      );
    }

    return {
      url,
      pinned: { A: `http://127.0.0.1:${ports.pinnedA}`, B: `http://127.0.0.1:${ports.pinnedB}` },
      instances,
      metricsToken: sharedEnv.METRICS_TOKEN,
      query: async (sql, params) => (await pool.query(sql, params)).rows,
      nginxLog: () => {
        try {
          return readFileSync(path.join(nginxDir, 'error.log'), 'utf8');
        } catch {
          return '';
        }
      },
      stop,
      nginxRetries: () => {
        try {
          return readFileSync(path.join(nginxDir, 'access.log'), 'utf8').split('\n').filter((line) => / upstream=[^ ]*, /.test(line)).length;
        } catch {
          return 0;
        }
      },
      keepLogs(into) {
        mkdirSync(into, { recursive: true });
        for (const file of ['error.log', 'access.log']) if (existsSync(path.join(nginxDir, file))) copyFileSync(path.join(nginxDir, file), path.join(into, `nginx-${file}`));
        for (const name of ['A', 'B'] as const) writeFileSync(path.join(into, `instance-${name}.log`), instances[name].output());
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sends `signal` and waits for the exit; SIGKILL after 40 s (a drain of 5 s and a close of at most 20 s fit). */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(timer);
}
