import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, path.resolve('data'));
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.appUrl, 'http://localhost:8080');
    assert.equal(config.tokenTtlHours, 168);
    assert.deepEqual(config.remotes, {
      leads: '/build/remotes/leads/mf-manifest.json',
      documents: '/build/remotes/documents/mf-manifest.json',
      admin: '/build/remotes/admin/mf-manifest.json',
    });
    // The repository root: it holds the api package.
    assert.ok(existsSync(path.join(config.webDistRoot, 'api', 'package.json')));
  });

  test('relative paths follow the directory pnpm was run from; APP_URL follows PORT', () => {
    const config = loadConfig({ INIT_CWD: '/srv/crm', DATA_DIR: 'var/data', WEB_DIST_ROOT: '.', PORT: '9090' });
    assert.equal(config.dataDir, '/srv/crm/var/data');
    assert.equal(config.webDistRoot, '/srv/crm');
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
      TRUST_PROXY: 'true',
    });
    assert.equal(config.port, 3100);
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.admin.email, 'boss@example.com');
    assert.equal(config.appUrl, 'https://crm.example.com');
    assert.equal(config.tokenTtlHours, 12);
    assert.equal(config.remotes.leads, 'https://cdn.example.com/leads/mf-manifest.json');
    assert.equal(config.trustProxy, true);
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

  test('TRUSTED_PROXIES lists the peers whose X-Forwarded-For counts, and wins over TRUST_PROXY', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.deepEqual(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.5, 10.1.0.0/16 ,2001:db8::/32', TRUST_PROXY: 'true' }).trustProxy, [
      '10.0.0.5',
      '10.1.0.0/16',
      '2001:db8::/32',
    ]);
    assert.throws(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.5, proxy.local' }), /TRUSTED_PROXIES: Use a comma-separated list of IP addresses or CIDR ranges/);
  });

  test('API docs are public while developing and need sign-in in production, unless API_DOCS says otherwise', () => {
    assert.equal(loadConfig({}).apiDocs, 'public');
    assert.equal(loadConfig({ NODE_ENV: 'production' }).apiDocs, 'auth');
    assert.equal(loadConfig({ NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs, 'public');
    assert.equal(loadConfig({ API_DOCS: 'off' }).apiDocs, 'off');
    assert.throws(() => loadConfig({ API_DOCS: 'private' }), /API_DOCS: Use public, auth or off/);
  });

  test('sign-in limits', () => {
    const config = loadConfig({ LOGIN_RATE_LIMIT_PER_EMAIL_IP: '5', LOGIN_SLOWDOWN_PER_EMAIL: '30' });
    assert.deepEqual([config.loginRateLimit.perEmailAndIp, config.loginRateLimit.slowdownAfter], [5, 30]);
    assert.deepEqual([loadConfig({}).loginRateLimit.perEmailAndIp, loadConfig({}).loginRateLimit.slowdownAfter], [10, 20]);
  });

  test('realtime: embedded by default, an external service with PUSHER_HOST, a shared secret required where others verify', () => {
    const embedded = loadConfig({}).realtime;
    assert.equal(embedded.external, undefined);
    assert.equal(embedded.key, 'crm-key');
    assert.equal(embedded.secret.length, 48, 'a random secret per start');
    assert.notEqual(loadConfig({}).realtime.secret, embedded.secret);

    const pusher = loadConfig({ PUSHER_HOST: 'api-eu.pusher.com', PUSHER_APP_SECRET: 'a-secret-of-sixteen+' });
    assert.deepEqual(pusher.realtime.external, { host: 'api-eu.pusher.com', port: undefined, scheme: 'https', wsHost: null, wsPort: null });
    assert.deepEqual(pusher.csp.connectOrigins, ['wss://ws-eu.pusher.com']);

    const soketi = loadConfig({ PUSHER_HOST: 'soketi.internal', PUSHER_PORT: '6001', PUSHER_SCHEME: 'http', PUSHER_APP_SECRET: 'a-secret-of-sixteen+' });
    assert.deepEqual(soketi.realtime.external, { host: 'soketi.internal', port: 6001, scheme: 'http', wsHost: 'soketi.internal', wsPort: 6001 });
    assert.deepEqual(soketi.csp.connectOrigins, ['ws://soketi.internal:6001']);

    assert.throws(() => loadConfig({ PUSHER_HOST: 'soketi.internal' }), (error: ConfigError) => {
      assert.deepEqual(error.problems, ['PUSHER_APP_SECRET: required with PUSHER_HOST (the service signs with it)']);
      return true;
    });
    assert.throws(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }), /PUSHER_APP_SECRET: required with REDIS_URL/);
    assert.throws(() => loadConfig({ REDIS_URL: 'http://x', PUSHER_SCHEME: 'ftp' }), (error: ConfigError) => {
      assert.deepEqual(error.problems.map((p) => p.split(':')[0]).sort(), ['PUSHER_SCHEME', 'REDIS_URL']);
      return true;
    });
  });
});
