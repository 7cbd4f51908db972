import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, ENV_VARIABLES, loadConfig, retiredVariableWarnings } from './config';
import { findPackageRoot } from './package-root';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, path.resolve('data'));
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.appUrl, 'http://localhost:8080');
    assert.equal(config.tokenTtlHours, 168);
    assert.equal(config.defaultLanguage, 'en');
    assert.deepEqual(config.remotes, {
      leads: '/build/remotes/leads/mf-manifest.json',
      documents: '/build/remotes/documents/mf-manifest.json',
      admin: '/build/remotes/admin/mf-manifest.json',
    });
    // The repository root: it holds the api package.
    assert.ok(existsSync(path.join(config.webDistRoot, 'api', 'package.json')));
  });

  test('DEFAULT_LANGUAGE picks one of the shell languages and refuses any other', () => {
    assert.equal(loadConfig({ DEFAULT_LANGUAGE: 'ru' }).defaultLanguage, 'ru');
    assert.throws(() => loadConfig({ DEFAULT_LANGUAGE: 'de' }), (error) => error instanceof ConfigError && /DEFAULT_LANGUAGE/.test(error.message));
  });

  test('relative paths follow the directory pnpm was run from; APP_URL follows PORT', () => {
    const config = loadConfig({ INIT_CWD: '/srv/crm', DATA_DIR: 'var/data', PORT: '9090' });
    assert.equal(config.dataDir, '/srv/crm/var/data');
    assert.equal(config.appUrl, 'http://localhost:9090');
  });

  test('empty variables count as unset; values are parsed', () => {
    const config = loadConfig({
      PORT: '3100',
      DATABASE_URL: '',
      ADMIN_EMAIL: 'Boss@Example.com',
      APP_URL: 'https://crm.example.com/',
      TOKEN_TTL_HOURS: '12',
      REMOTE_LEADS_URL: 'https://cdn.example.com/leads/mf-manifest.json',
    });
    assert.equal(config.port, 3100);
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.admin.email, 'boss@example.com');
    assert.equal(config.appUrl, 'https://crm.example.com');
    assert.equal(config.tokenTtlHours, 12);
    assert.equal(config.remotes.leads, 'https://cdn.example.com/leads/mf-manifest.json');
  });

  test('bad values stop start-up with one line per problem', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_URL: 'not a url', REMOTE_ADMIN_URL: 'admin.json', ADMIN_PASSWORD: 'short' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.deepEqual(
          error.problems.map((p) => p.split(':')[0]).sort(),
          ['ADMIN_PASSWORD', 'APP_URL', 'DATABASE_URL', 'PORT', 'REMOTE_ADMIN_URL'],
        );
        assert.match(error.message, /^Invalid configuration:\n {2}- /);
        return true;
      },
    );
  });

  test('FILE_STORAGE: local by default; s3 needs a bucket and a region, both keys or neither', () => {
    assert.deepEqual([loadConfig({}).files.driver, loadConfig({}).files.s3], ['local', undefined]);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.problems.map((p) => p.split(':')[0]);
      }
    };
    assert.deepEqual(problems({ FILE_STORAGE: 's3' }), ['S3_BUCKET', 'S3_REGION']);
    assert.deepEqual(problems({ FILE_STORAGE: 's3', S3_BUCKET: 'crm-files', S3_REGION: 'eu-1', S3_ACCESS_KEY_ID: 'key' }), ['S3_SECRET_ACCESS_KEY']);
    assert.deepEqual(problems({ FILE_STORAGE: 'disk' }), ['FILE_STORAGE']);
    const minio = loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'crm-files', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    assert.deepEqual(minio.files.s3, {
      bucket: 'crm-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    const aws = loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'crm-files', S3_REGION: 'eu-west-1' }).files.s3;
    assert.deepEqual([aws?.endpoint, aws?.credentials], [undefined, undefined]);
  });

  test('TRUSTED_PROXIES lists the peers whose X-Forwarded-For counts; 0.0.0.0/0,::/0 is every peer', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.deepEqual(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.5, 10.1.0.0/16 ,2001:db8::/32' }).trustProxy, [
      '10.0.0.5',
      '10.1.0.0/16',
      '2001:db8::/32',
    ]);
    assert.deepEqual(loadConfig({ TRUSTED_PROXIES: '0.0.0.0/0,::/0' }).trustProxy, ['0.0.0.0/0', '::/0']);
    assert.throws(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.5, proxy.local' }), /TRUSTED_PROXIES: Use a comma-separated list of IP addresses or CIDR ranges/);
  });

  test('API docs are public while developing and need sign-in in production, unless API_DOCS says otherwise', () => {
    assert.equal(loadConfig({}).apiDocs, 'public');
    assert.equal(loadConfig({ NODE_ENV: 'production' }).apiDocs, 'auth');
    assert.equal(loadConfig({ NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs, 'public');
    assert.equal(loadConfig({ API_DOCS: 'off' }).apiDocs, 'off');
    assert.throws(() => loadConfig({ API_DOCS: 'private' }), /API_DOCS: Use public, auth or off/);
  });

  test('realtime: embedded by default; PUSHER_URL names an external service, or on APP_URL gives the embedded one its secret', () => {
    const embedded = loadConfig({}).realtime;
    assert.equal(embedded.external, undefined);
    assert.deepEqual([embedded.appId, embedded.key, embedded.cluster], ['crm', 'crm-key', 'eu']);
    assert.equal(embedded.secret.length, 48, 'a random secret per start');
    assert.notEqual(loadConfig({}).realtime.secret, embedded.secret);

    const pusher = loadConfig({ PUSHER_URL: 'https://0a1b2c:a%2Fsecret%3Aof-sixteen@api-ap2.pusher.com/apps/1234567' });
    assert.deepEqual([pusher.realtime.appId, pusher.realtime.key, pusher.realtime.secret, pusher.realtime.cluster], ['1234567', '0a1b2c', 'a/secret:of-sixteen', 'ap2']);
    assert.deepEqual(pusher.realtime.external, { host: 'api-ap2.pusher.com', port: undefined, scheme: 'https', wsHost: null, wsPort: null });
    assert.deepEqual(pusher.csp.connectOrigins, ['wss://ws-ap2.pusher.com']);

    const soketi = loadConfig({ PUSHER_URL: 'http://app-key:a-secret-of-sixteen+@soketi.internal:6001/apps/crm' });
    assert.deepEqual(soketi.realtime.external, { host: 'soketi.internal', port: 6001, scheme: 'http', wsHost: 'soketi.internal', wsPort: 6001 });
    assert.deepEqual(soketi.csp.connectOrigins, ['ws://soketi.internal:6001']);

    // Several instances on one Redis: PUSHER_URL on this server's own address shares the secret, the endpoint stays here.
    const own = loadConfig({ APP_URL: 'https://crm.example.com', REDIS_URL: 'redis://redis:6379', PUSHER_URL: 'https://crm-key:a-shared-secret-0123@crm.example.com/apps/crm' });
    assert.equal(own.realtime.external, undefined);
    assert.deepEqual([own.realtime.key, own.realtime.secret, own.realtime.redisUrl], ['crm-key', 'a-shared-secret-0123', 'redis://redis:6379']);
    assert.deepEqual(own.csp.connectOrigins, []);

    assert.throws(() => loadConfig({ APP_URL: 'https://crm.example.com', REDIS_URL: 'redis://127.0.0.1:6379' }), (error: ConfigError) => {
      assert.deepEqual(error.problems, [
        "PUSHER_URL: required with REDIS_URL (every instance signs with the same secret): this server's own address, e.g. https://crm-key:<secret>@crm.example.com/apps/crm",
      ]);
      return true;
    });
    for (const bad of ['soketi.internal', 'ftp://k:a-secret-of-sixteen+@h/apps/1', 'https://k:short@h/apps/1', 'https://k:a-secret-of-sixteen+@h/app/1', 'https://a-secret-of-sixteen+@h/apps/1', 'https://k:%zz-a-secret-of-sixteen@h/apps/1']) {
      assert.throws(() => loadConfig({ PUSHER_URL: bad }), (error: ConfigError) => {
        assert.deepEqual(error.problems, ['PUSHER_URL: Use https://key:secret@host:port/apps/id (key and secret URL-encoded, secret of 16+ characters)'], bad);
        return true;
      });
    }
    assert.throws(() => loadConfig({ REDIS_URL: 'http://x', PUSHER_URL: 'x' }), (error: ConfigError) => {
      assert.deepEqual(error.problems.map((p) => p.split(':')[0]).sort(), ['PUSHER_URL', 'REDIS_URL']);
      return true;
    });
  });

  test('Sentry: off without a DSN; on, the release is the repository version and the sample rates are fixed', () => {
    assert.equal(loadConfig({}).sentry, undefined);
    const { version } = JSON.parse(readFileSync(path.join(path.dirname(findPackageRoot()), 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(loadConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' }).sentry, {
      dsn: 'https://key@o1.ingest.sentry.io/2',
      browserDsn: 'https://key@o1.ingest.sentry.io/2',
      environment: 'development',
      release: `crm@${version}`,
      tracesSampleRate: 0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });
});

/** `NAME=` lines of .env.example, commented or not. */
const exampleVariables = (text: string) => [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
/** The backticked names in the first cell of each row of the README's configuration table, in order. */
function readmeVariables(text: string): string[] {
  const section = text.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe('one list of variables', () => {
  const root = path.dirname(findPackageRoot());
  const example = exampleVariables(readFileSync(path.join(root, '.env.example'), 'utf8'));
  const readme = readmeVariables(readFileSync(path.join(root, 'README.md'), 'utf8'));
  /**
   * Not in .env.example (it holds 25 at most): the S3 variables, read only when files live in a bucket (the README's
   * scale-out part lists them, .env.example points there); the webhooks' WEBHOOK_ALLOW_PRIVATE (docs/decisions/070),
   * API_KEY_RATE_LIMIT (docs/decisions/072), DEFAULT_LANGUAGE (docs/decisions/067) and TASKS_TIME_ZONE
   * (docs/decisions/074), each documented in the README's tables; single sign-on's OIDC_* and PASSWORD_SIGN_IN*
   * (docs/decisions/073), in the README's own table.
   */
  const scaleOut = ENV_VARIABLES.filter(
    (name) =>
      name === 'FILE_STORAGE' || name.startsWith('S3_') || name === 'WEBHOOK_ALLOW_PRIVATE' || name === 'DEFAULT_LANGUAGE' ||
      name === 'TASKS_TIME_ZONE' || name === 'API_KEY_RATE_LIMIT' || name.startsWith('OIDC_') || name.startsWith('PASSWORD_SIGN_IN'),
  );

  test('every variable config.ts reads has one README line; .env.example names each of the others once', () => {
    assert.deepEqual([...readme].sort(), [...ENV_VARIABLES].sort(), 'README configuration table against config.ts');
    assert.deepEqual([...example].sort(), ENV_VARIABLES.filter((name) => !scaleOut.includes(name)).sort(), '.env.example against config.ts');
  });

  test('.env.example covers a one-machine install in 25 variables at most, and does not set production', () => {
    assert.ok(example.length <= 25, `.env.example names ${example.length} variables (commented ones count)`);
    const text = readFileSync(path.join(root, '.env.example'), 'utf8');
    assert.doesNotMatch(text, /^NODE_ENV=production/m);
    assert.match(text, /README.*Scale-out/, 'one comment points to the README for the storage variables');
  });

  test('a drifted copy is caught: a variable missing, added or listed twice', () => {
    const readme = '## Configuration\n\n| variable | default | meaning |\n|---|---|---|\n| `PORT` | `8080` | port |\n| `HOST` | — | `PORT` too |\n\n## Next\n| `X` | |';
    assert.deepEqual(readmeVariables(readme), ['PORT', 'HOST']);
    assert.deepEqual(exampleVariables('# Port.\nPORT=8080\n# NODE_ENV=production\nHOST=\n'), ['PORT', 'NODE_ENV', 'HOST']);
    assert.notDeepEqual([...exampleVariables('PORT=\nPORT=\n')].sort(), ['PORT']);
  });

  test('a retired variable is named with what replaced it, and nothing is said of the rest', () => {
    assert.deepEqual(retiredVariableWarnings({ PUSHER_HOST: 'soketi.internal', PORT: '8080', TRUST_PROXY: '' }), [
      'PUSHER_HOST is set but no longer read: use PUSHER_URL=https://key:secret@host:port/apps/id.',
    ]);
    assert.deepEqual(retiredVariableWarnings({ S3_FORCE_PATH_STYLE: 'false' }), [
      'S3_FORCE_PATH_STYLE is set but no longer read: the bucket goes in the path exactly when S3_ENDPOINT is set (MinIO, Ceph, Garage and R2 all accept it), in the host name on AWS.',
    ]);
    assert.deepEqual(retiredVariableWarnings({}), []);
  });
});

describe('TASKS_TIME_ZONE', () => {
  test('Europe/Moscow unless set; an unknown zone stops the start', () => {
    assert.equal(loadConfig({}).tasksTimeZone, 'Europe/Moscow');
    assert.equal(loadConfig({ TASKS_TIME_ZONE: 'Asia/Vladivostok' }).tasksTimeZone, 'Asia/Vladivostok');
    assert.throws(() => loadConfig({ TASKS_TIME_ZONE: 'Moscow/Red_Square' }), /TASKS_TIME_ZONE: Use an IANA time zone/);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  test('off unless set to true; anything but true or false stops the start', () => {
    assert.equal(loadConfig({}).webhooks.allowPrivate, false);
    assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks.allowPrivate, true);
    assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhooks.allowPrivate, false);
    assert.throws(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' }), /WEBHOOK_ALLOW_PRIVATE/);
  });
});

describe('single sign-on settings', () => {
  const sso = { OIDC_ISSUER: 'https://login.example.com/realms/crm', OIDC_CLIENT_ID: 'crm', OIDC_CLIENT_SECRET: 'secret' };

  test('off unless issuer, client id and secret are all set; the button names the issuer host by default', () => {
    assert.equal(loadConfig({}).sso, undefined);
    assert.deepEqual(loadConfig({}).passwordSignIn, { enabled: true, breakGlass: [] });
    const on = loadConfig(sso).sso!;
    assert.equal(on.name, 'login.example.com');
    assert.equal(on.autoCreate, false);
    assert.equal(on.defaultRole, 'Operator');
    assert.equal(loadConfig({ ...sso, OIDC_NAME: 'Keycloak' }).sso!.name, 'Keycloak');
    assert.throws(() => loadConfig({ OIDC_ISSUER: sso.OIDC_ISSUER }), /OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
  });

  test('a plain-http issuer only on this machine; password sign-in off needs single sign-on', () => {
    assert.throws(() => loadConfig({ ...sso, OIDC_ISSUER: 'http://login.example.com' }), /OIDC_ISSUER: use an https:\/\/ URL/);
    assert.equal(loadConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:4000' }).sso!.issuer, 'http://127.0.0.1:4000');
    assert.throws(() => loadConfig({ PASSWORD_SIGN_IN: 'false' }), /PASSWORD_SIGN_IN: false needs single sign-on/);
    const off = loadConfig({ ...sso, PASSWORD_SIGN_IN: 'false', PASSWORD_SIGN_IN_BREAK_GLASS: ' Root@Example.com, ops@example.com ' });
    assert.deepEqual(off.passwordSignIn, { enabled: false, breakGlass: ['root@example.com', 'ops@example.com'] });
    assert.throws(() => loadConfig({ ...sso, PASSWORD_SIGN_IN_BREAK_GLASS: 'root, ops@example.com' }), /PASSWORD_SIGN_IN_BREAK_GLASS: Use a comma-separated list of email addresses/);
  });
});
