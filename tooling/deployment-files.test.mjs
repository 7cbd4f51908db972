// The deployment files (docker-compose.yml, Dockerfile) are read here, since no Docker engine runs in CI: the compose
// file through `docker-compose config` (Debian's docker-compose package; .ci/run installs it) and, always, through a
// schema-level check of what docs/scaling.md promises — health checks, the migration before the apps, named volumes,
// no secret in the file — and the Dockerfile's production shape.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true });
const services = Object.entries(compose.services);
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** Compose's `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?message}`. */
const INTERPOLATION = /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|ACCESS_KEY/;

/** A service's environment as name → value, from either of compose's two forms. */
const environmentOf = (service) =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]))
    : (service.environment ?? {});

const dependsOn = (service) => (Array.isArray(service.depends_on) ? Object.fromEntries(service.depends_on.map((n) => [n, {}])) : (service.depends_on ?? {}));

/** One-shot jobs: started once, waited for by another service until they exit 0. */
const oneShot = new Set(
  services.flatMap(([, service]) =>
    Object.entries(dependsOn(service))
      .filter(([, how]) => how.condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);

describe('docker-compose.yml', () => {
  test('docker-compose config accepts it', (t) => {
    const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: root, encoding: 'utf8' });
    if (run.error?.code === 'ENOENT') {
      // CI installs it (.ci/run: apt-get install docker-compose); elsewhere the schema checks below still run.
      assert.ok(!process.env.CI, 'docker-compose is missing in CI: .ci/run installs Debian\'s docker-compose package');
      t.diagnostic('docker-compose is not installed here: only the schema checks ran');
      return;
    }
    assert.equal(run.status, 0, run.stderr);
  });

  test('every service has a health check, or is a one-shot job another service waits for', () => {
    for (const [name, service] of services) {
      if (oneShot.has(name)) {
        assert.equal(service.restart, 'no', `${name} is a one-shot job: restart "no"`);
        continue;
      }
      assert.ok(service.healthcheck?.test?.length > 0 && !service.healthcheck.disable, `${name} has a health check`);
    }
    assert.deepEqual([...oneShot].sort(), ['migrate', 'minio-init']);
  });

  test('PostgreSQL, Redis, MinIO, two app replicas from one image and nginx in front; Soketi only in its profile', () => {
    const names = services.map(([name]) => name).sort();
    assert.deepEqual(names, ['app-1', 'app-2', 'db', 'migrate', 'minio', 'minio-init', 'nginx', 'redis', 'soketi']);
    const { 'app-1': app1, 'app-2': app2, migrate, nginx, soketi } = compose.services;
    assert.equal(app1.image, app2.image);
    assert.equal(migrate.image, app1.image);
    assert.deepEqual(migrate.command, ['node', 'api/dist/migrate.js']);
    assert.deepEqual(soketi.profiles, ['soketi']);
    assert.ok(services.filter(([name]) => name !== 'soketi').every(([, s]) => !s.profiles), 'only Soketi is optional');

    // nginx runs the stack test's configuration, rendered by the official image's envsubst.
    assert.ok(nginx.volumes.includes('./deploy/nginx/crm.conf:/etc/nginx/templates/crm.conf.template:ro'));
    assert.deepEqual([environmentOf(nginx).API_1, environmentOf(nginx).API_2], ['app-1:8080', 'app-2:8080']);
    const nginxAddress = nginx.networks.crm.ipv4_address;
    for (const app of [app1, app2]) {
      const env = environmentOf(app);
      assert.equal(env.TRUSTED_PROXIES, nginxAddress, 'the apps believe X-Forwarded-For from nginx alone');
      assert.equal(env.FILE_STORAGE, 's3');
      assert.match(env.S3_ENDPOINT, /^http:\/\/minio:9000$/);
      assert.match(env.REDIS_URL, /^redis:\/\/redis:6379/);
      assert.match(env.DATABASE_URL, /@db:5432\//);
    }
    // Only nginx (and the optional Soketi) is published: the apps are reached through the proxy.
    assert.deepEqual(services.filter(([, s]) => s.ports).map(([name]) => name).sort(), ['nginx', 'soketi']);
  });

  test('the apps start after the migration job has completed, and after what they use is healthy', () => {
    for (const name of ['app-1', 'app-2']) {
      const deps = dependsOn(compose.services[name]);
      assert.equal(deps.migrate?.condition, 'service_completed_successfully', `${name} waits for migrate`);
      assert.equal(deps['minio-init']?.condition, 'service_completed_successfully', `${name} waits for the bucket`);
      for (const used of ['db', 'redis', 'minio']) assert.equal(deps[used]?.condition, 'service_healthy', `${name} waits for ${used}`);
    }
    assert.equal(dependsOn(compose.services.migrate).db?.condition, 'service_healthy');
  });

  test('state lives in named volumes, each declared', () => {
    const declared = Object.keys(compose.volumes ?? {});
    const mounted = new Map();
    for (const [name, service] of services) {
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
        if (source.startsWith('.') || source.startsWith('/')) continue;
        assert.ok(declared.includes(source), `${name}: volume ${source} is declared`);
        mounted.set(name, source);
      }
    }
    for (const stateful of ['db', 'redis', 'minio', 'app-1', 'app-2']) assert.ok(mounted.has(stateful), `${stateful} keeps its data in a named volume`);
  });

  test('no secret is written in the file: each comes from the environment, with at most a local-only default', () => {
    for (const [name, service] of services) {
      for (const [key, raw] of Object.entries(environmentOf(service))) {
        const value = String(raw ?? '');
        if (SECRET_NAME.test(key)) {
          assert.match(value, /^\$\{[A-Z0-9_]+(:?-[^}]*)?\}$/, `${name}: ${key} comes from the environment`);
        }
        // Credentials inside URLs (postgres://user:password@…, https://key:secret@…) are interpolated too.
        const credentials = /^[a-z]+:\/\/[^:/@]+:([^@]+)@/.exec(value);
        if (credentials) assert.match(credentials[1], /^\$\{/, `${name}: the password in ${key} comes from the environment`);
      }
    }
    // Every default given to a secret is marked local-only, so nobody mistakes it for a real one.
    for (const [, variable, operator, fallback] of composeText.matchAll(INTERPOLATION)) {
      if (!operator?.endsWith('-') || fallback === '') continue;
      if (SECRET_NAME.test(variable) || /:\/\/[^@/]+:[^@/]+@/.test(fallback)) {
        assert.match(fallback, /local-only/, `the default of ${variable} is marked local-only`);
      }
    }
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1);

  test('multi-stage: the runtime stage gets the API deployed with production dependencies only, and the front-end builds', () => {
    assert.ok(stages.length >= 2, 'a build stage and a runtime stage');
    assert.match(dockerfile, /pnpm --filter @crm\/api deploy --legacy --prod \/out\/api/);
    for (const build of ['host', 'remote-leads', 'remote-documents', 'remote-admin']) assert.match(dockerfile, new RegExp(`\\b${build}\\b`));
    assert.match(runtime, /COPY --from=build \/out \/app/);
    assert.doesNotMatch(runtime, /pnpm install/, 'the runtime stage installs nothing from the registry');
  });

  test('production mode, a non-root user, a health check on /api/ready without curl', () => {
    assert.match(runtime, /NODE_ENV=production/);
    const user = [...runtime.matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1];
    assert.ok(user && user !== 'root' && user !== '0', `runs as ${user}`);
    assert.match(runtime, /^HEALTHCHECK[^\n]*\\\n\s*CMD \["node", "-e", "fetch\([\s\S]*?\/api\/ready/m);
    assert.doesNotMatch(runtime, /apt-get install[^\n]*\bcurl\b/, 'Node\'s fetch: no curl installed for the check');
    assert.match(runtime, /^CMD \["node", "api\/dist\/server\.js"\]/m);
  });

  test('the migration and backup commands it names are bundled by api/build.mjs', () => {
    const build = readFileSync(path.join(root, 'api', 'build.mjs'), 'utf8');
    for (const entry of ['migrate', 'backup', 'restore']) assert.match(build, new RegExp(`\\b${entry}: 'src/scripts/${entry}\\.ts'`));
  });
});
