import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { after, before, beforeEach, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { PublishedEvent } from '../../plugins/realtime';
import { REMOTE_LOAD_ERRORS_KEPT } from '../../repositories/remote-repository';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createUser, TEST_PASSWORD } from '../../test/fixtures';

const HOST_PAGE = '<html><head><title>host</title></head><body><div id="app"></div></body></html>';

/** An mf-manifest.json as a remote build writes it, with the build info the registry reads. */
const manifest = (name: string, buildInfo?: Record<string, string>) =>
  JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' }, ...(buildInfo ? { remoteBuild: buildInfo } : {}) }, exposes: [] });

/** A manifest from before the build info (docs/decisions/051): only what the federation plugin writes by itself. */
const pluginOnlyManifest = (name: string, buildVersion: string) =>
  JSON.stringify({ id: name, name, metaData: { name, buildInfo: { buildVersion, buildName: '@crm/remote-leads' }, remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] });

const BUNDLED_LEADS = manifest('remote_leads', { version: '1.0.0', commit: 'bundled1', builtAt: '2026-11-01T00:00:00Z', sharedRange: '>=0.6.0 <1.0.0' });

/** What the test's own HTTP server answers: a remote deployed elsewhere, fit or not. */
const SERVED: Record<string, { status?: number; type?: string; body: string }> = {
  '/v2/mf-manifest.json': { body: manifest('remote_leads', { version: '1.2.0', commit: 'abc1234', builtAt: '2026-11-26T00:00:00Z', sharedRange: '>=0.6.0 <1.0.0' }) },
  '/v3/mf-manifest.json': { body: manifest('remote_leads', { version: '1.3.0', commit: 'def5678', builtAt: '2026-11-26T01:00:00Z', sharedRange: '>=0.6.1 <1.0.0' }) },
  '/no-range/mf-manifest.json': { body: pluginOnlyManifest('remote_leads', '0.9.0') },
  '/admin/mf-manifest.json': { body: manifest('remote_admin', { version: '1.0.0', sharedRange: '>=0.6.0 <1.0.0' }) },
  '/future/mf-manifest.json': { body: manifest('remote_leads', { version: '9.0.0', sharedRange: '^99.0.0' }) },
  '/html/mf-manifest.json': { type: 'text/html', body: '<!doctype html><title>Not found</title>' },
  '/other-json/mf-manifest.json': { body: '{"hello":"world"}' },
  '/huge/mf-manifest.json': { body: `{"name":"remote_leads","padding":"${'x'.repeat(1_100_000)}"}` },
};

for (const driver of testDrivers()) {
  describe(`remote registry (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let root: string;
    let server: Server;
    let origin: string;
    let closedPort: number;

    before(async () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'crm-remotes-'));
      const files: Record<string, string> = {
        'host/dist/index.html': HOST_PAGE,
        // The host build names the @crm/shared version it provides: the range of a remote is checked against it.
        'host/dist/mf-manifest.json': JSON.stringify({ id: 'host', name: 'host', shared: [{ name: '@crm/shared/', version: '0.6.2' }] }),
        'remote-leads/dist/mf-manifest.json': BUNDLED_LEADS,
      };
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), content);
      }
      server = createServer((request, response) => {
        const answer = SERVED[request.url ?? ''];
        response.writeHead(answer ? (answer.status ?? 200) : 404, { 'content-type': answer?.type ?? 'application/json' });
        response.end(answer?.body ?? '{"message":"Not found"}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // A port nobody listens on: taken, then released.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      closedPort = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));

      t = await buildTestApp({ driver, config: { webDistRoot: root } });
      admin = bearer(await t.login());
    });
    after(async () => {
      await t?.close();
      await new Promise((resolve) => server?.close(resolve));
      rmSync(root, { recursive: true, force: true });
    });

    const call = (options: InjectOptions) => t.app.inject({ headers: admin, ...options });
    const list = async () => (await call({ method: 'GET', url: '/api/remotes' })).json().data as Array<Record<string, unknown>>;
    const leadsOf = async () => (await list()).find((r) => r.name === 'leads')!;
    const switchLeads = (entry: string) => call({ method: 'PUT', url: '/api/remotes/leads', payload: { entry } });
    const rollbackLeads = () => call({ method: 'POST', url: '/api/remotes/leads/rollback' });
    const servedEntry = async () =>
      ((await t.app.inject({ method: 'GET', url: '/build/remotes.json' })).json().remotes as Array<{ name: string; entry: string }>).find(
        (r) => r.name === 'remote_leads',
      )!.entry;
    /** Back to the entry the server started with. */
    async function reset() {
      while ((await rollbackLeads()).statusCode === 200);
    }

    test('lists every remote with its manifest URL and the bundled build it found, seeded from the configuration', async () => {
      const remotes = await list();
      assert.deepEqual((await call({ method: 'GET', url: '/api/remotes' })).json().meta, { host_shared: '0.6.2' }, "the host's shared, for the Модули page");
      assert.deepEqual(
        remotes.map((r) => [r.name, r.scope, r.entry, r.source]),
        [
          ['leads', 'remote_leads', '/build/remotes/leads/mf-manifest.json', 'config'],
          ['documents', 'remote_documents', '/build/remotes/documents/mf-manifest.json', 'config'],
          ['admin', 'remote_admin', '/build/remotes/admin/mf-manifest.json', 'config'],
        ],
      );
      const leads = remotes[0];
      assert.equal(leads.version, '1.0.0');
      assert.equal(leads.commit, 'bundled1');
      assert.equal(leads.switched_by, null);
      assert.equal(leads.previous_entry, null);
    });

    test('a switch to a fit build serves the next page load, without a restart, and is audited', async () => {
      await reset();
      const entry = `${origin}/v2/mf-manifest.json`;
      const response = await switchLeads(entry);
      assert.equal(response.statusCode, 200, response.body);
      const { data, meta } = response.json();
      assert.equal(data.entry, entry);
      assert.equal(data.version, '1.2.0');
      assert.equal(data.commit, 'abc1234');
      assert.equal(data.shared_range, '>=0.6.0 <1.0.0');
      assert.equal(data.source, 'api');
      assert.equal(data.switched_by.email, 'admin@test.local');
      assert.equal(data.previous_entry, '/build/remotes/leads/mf-manifest.json');
      assert.deepEqual(meta.warnings, []);

      assert.equal(await servedEntry(), entry);
      const page = (await t.app.inject({ method: 'GET', url: '/build/leads/list' })).body;
      assert.ok(page.includes(`"name":"remote_leads","entry":"${entry}"`), 'the inline manifest names the new entry');
      assert.ok(page.includes(`<link rel="preload" href="${entry}" as="fetch" crossorigin="anonymous">`), 'and the page preloads it');
      assert.equal((await leadsOf()).entry, entry);
      const csp = (await t.app.inject({ method: 'GET', url: '/build/leads/list' })).headers['content-security-policy'] as string;
      assert.match(csp, new RegExp(`script-src [^;]*${origin.replace(/[.]/g, '\\.')}`), 'scripts from its origin are allowed');

      const audit = (await call({ method: 'GET', url: '/api/audit-log?action=remote.switch' })).json().data;
      assert.equal(audit.length, 1);
      assert.equal(audit[0].subject_id, 'leads');
      assert.equal(audit[0].actor.email, 'admin@test.local');
      assert.deepEqual(audit[0].before, { entry: '/build/remotes/leads/mf-manifest.json', version: '1.0.0', commit: 'bundled1' });
      assert.deepEqual(audit[0].after, { entry, version: '1.2.0', commit: 'abc1234' });
    });

    test('an unfit manifest answers 422 with the reason, and nothing is switched', async () => {
      await reset();
      const cases: Array<[string, RegExp]> = [
        [`http://127.0.0.1:${closedPort}/mf-manifest.json`, /could not be reached/],
        [`${origin}/gone/mf-manifest.json`, /answered 404/],
        [`${origin}/html/mf-manifest.json`, /not JSON/],
        [`${origin}/other-json/mf-manifest.json`, /not a Module Federation manifest/],
        [`${origin}/admin/mf-manifest.json`, /for remote_admin, not remote_leads/],
        [`${origin}/future/mf-manifest.json`, /needs @crm\/shared \^99\.0\.0; the host provides 0\.6\.2/],
        [`${origin}/huge/mf-manifest.json`, /larger than/],
        ['/build/remotes/leads/absent.json', /could not be read/],
      ];
      for (const [entry, reason] of cases) {
        const response = await switchLeads(entry);
        assert.equal(response.statusCode, 422, `${entry}: ${response.body}`);
        const body = response.json();
        assert.equal(body.errors.entry.length, 1, entry);
        assert.match(body.errors.entry[0], reason, entry);
        assert.match(body.message, reason, entry);
      }
      assert.equal(await servedEntry(), '/build/remotes/leads/mf-manifest.json');
      assert.equal((await call({ method: 'GET', url: '/api/audit-log?action=remote.switch' })).json().data.length, 1, 'only the earlier switch');
    });

    test('a URL that is no manifest address at all fails validation', async () => {
      for (const entry of ['', 'ftp://example.com/mf-manifest.json', '//example.com/mf-manifest.json', 'javascript:alert(1)']) {
        const response = await switchLeads(entry);
        assert.equal(response.statusCode, 422, `${entry}: ${response.body}`);
        assert.ok(response.json().errors.entry, entry);
      }
      assert.equal((await call({ method: 'PUT', url: '/api/remotes/payroll', payload: { entry: `${origin}/v2/mf-manifest.json` } })).statusCode, 422);
    });

    test('a manifest without a shared range is accepted, and the answer says it was not checked', async () => {
      await reset();
      const response = await switchLeads(`${origin}/no-range/mf-manifest.json`);
      assert.equal(response.statusCode, 200, response.body);
      const { data, meta } = response.json();
      assert.equal(data.version, '0.9.0');
      assert.equal(data.shared_range, null);
      assert.equal(meta.warnings.length, 1);
      assert.match(meta.warnings[0], /names no shared range/);
    });

    test('rollback goes back one entry at a time, and answers 409 at the first', async () => {
      await reset();
      assert.equal((await switchLeads(`${origin}/v2/mf-manifest.json`)).statusCode, 200);
      assert.equal((await switchLeads(`${origin}/v3/mf-manifest.json`)).statusCode, 200);
      assert.equal(await servedEntry(), `${origin}/v3/mf-manifest.json`);

      const back = await rollbackLeads();
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(back.json().data.entry, `${origin}/v2/mf-manifest.json`);
      assert.equal(back.json().data.version, '1.2.0');
      assert.equal(await servedEntry(), `${origin}/v2/mf-manifest.json`);

      assert.equal((await rollbackLeads()).json().data.entry, '/build/remotes/leads/mf-manifest.json');
      assert.equal(await servedEntry(), '/build/remotes/leads/mf-manifest.json');
      const none = await rollbackLeads();
      assert.equal(none.statusCode, 409, none.body);
      assert.equal(none.json().code, 'CONFLICT');

      const audit = (await call({ method: 'GET', url: '/api/audit-log?action=remote.rollback' })).json().data;
      assert.ok(audit.length >= 2);
      assert.deepEqual(audit[0].after, { entry: '/build/remotes/leads/mf-manifest.json', version: '1.0.0', commit: 'bundled1' });
    });

    test('without manage remotes: 403 for the list, a switch and a rollback', async () => {
      await createUser(t, { email: 'remotes.manager@test.local', role: 'Manager' });
      const manager = bearer(await t.login('remotes.manager@test.local', TEST_PASSWORD));
      for (const request of [
        { method: 'GET', url: '/api/remotes' },
        { method: 'PUT', url: '/api/remotes/leads', payload: { entry: `${origin}/v2/mf-manifest.json` } },
        { method: 'POST', url: '/api/remotes/leads/rollback' },
      ] as InjectOptions[]) {
        const response = await t.app.inject({ ...request, headers: manager });
        assert.equal(response.statusCode, 403, `${request.method} ${request.url}`);
      }
    });

    test('a switch is announced on the app channel, which any signed-in user may listen on', async () => {
      await reset();
      const published: PublishedEvent[] = [];
      const stop = t.app.realtime.onPublish((event) => published.push(event));
      try {
        assert.equal((await switchLeads(`${origin}/v2/mf-manifest.json`)).statusCode, 200);
        await t.app.domainEvents.settled();
        await t.app.realtime.flush();
      } finally {
        stop();
      }
      assert.deepEqual(
        published.filter((e) => e.event === 'remote.switched').map((e) => [e.channels, e.data]),
        [[['private-app'], { name: 'leads', version: '1.2.0' }]],
      );
      const operator = await createUser(t, { email: 'remotes.operator@test.local', role: 'Operator' });
      const auth = await t.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: bearer(await operator.token()),
        payload: { socket_id: '123.456', channel_name: 'private-app' },
      });
      assert.equal(auth.statusCode, 200, auth.body);
    });

    if (driver === 'postgres') {
      test('another instance on the same database serves the switch within a second, without a restart', async () => {
        await reset();
        const other = await buildTestApp({ driver, sameDatabaseAs: t, config: { webDistRoot: root } });
        try {
          const entryOf = async () =>
            (await other.app.inject({ method: 'GET', url: '/build/remotes.json' })).json().remotes.find((r: { name: string }) => r.name === 'remote_leads').entry;
          assert.equal(await entryOf(), '/build/remotes/leads/mf-manifest.json');
          assert.equal((await switchLeads(`${origin}/v2/mf-manifest.json`)).statusCode, 200);
          let seen = await entryOf();
          for (let i = 0; i < 50 && seen !== `${origin}/v2/mf-manifest.json`; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            seen = await entryOf();
          }
          assert.equal(seen, `${origin}/v2/mf-manifest.json`);
        } finally {
          await other.close();
        }
      });
    }

    test('migration 0012 grants manage remotes to the Admin role of an existing database, and to no other role', async () => {
      await createRole(t, 'Remotes bystander', [{ action: 'view', subject: 'lead' }]);
      const holders = async () =>
        (
          (await t.app.db.execute(
            sql`select r.name from roles r join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id
                where p.action = 'manage' and p.subject = 'remotes' order by r.name`,
          )) as unknown as { rows: { name: string }[] }
        ).rows.map((row) => row.name);
      // A database from before 0012: no `manage remotes` at all (deleting it drops its grants too).
      await t.app.db.execute(sql`delete from permissions where action = 'manage' and subject = 'remotes'`);
      assert.deepEqual(await holders(), []);
      const migration = await readFile(new URL('../../../drizzle/0012_remote_registry.sql', import.meta.url), 'utf8');
      // Its data statements (the last two), twice: a second run changes nothing.
      for (let run = 0; run < 2; run += 1) {
        for (const statement of migration.split('--> statement-breakpoint').slice(-2)) await t.app.db.execute(sql.raw(statement));
      }
      assert.deepEqual(await holders(), ['Admin']);
    });

    test('a bundled build the host cannot run is still served as configured, and the start logs why', async () => {
      const other = mkdtempSync(path.join(os.tmpdir(), 'crm-remotes-'));
      const files: Record<string, string> = {
        'host/dist/index.html': HOST_PAGE,
        'host/dist/mf-manifest.json': JSON.stringify({ id: 'host', name: 'host', shared: [{ name: '@crm/shared/', version: '0.6.2' }] }),
        'remote-leads/dist/mf-manifest.json': manifest('remote_leads', { version: '2.0.0', commit: 'newer', builtAt: '2026-11-26T00:00:00Z', sharedRange: '>=0.7.0 <1.0.0' }),
      };
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(other, name)), { recursive: true });
        writeFileSync(path.join(other, name), content);
      }
      const started = await buildTestApp({ driver, config: { webDistRoot: other } });
      try {
        const warnings = started.logs.filter((line) => line.level === 40 && line.remote === 'leads');
        assert.deepEqual(
          warnings.map((line) => [line.entry, line.reason]),
          [['/build/remotes/leads/mf-manifest.json', 'The build needs @crm/shared >=0.7.0 <1.0.0; the host provides 0.6.2']],
        );
        const served = (await started.app.inject({ method: 'GET', url: '/build/remotes.json' })).json().remotes;
        assert.equal(served.find((r: { name: string }) => r.name === 'remote_leads').entry, '/build/remotes/leads/mf-manifest.json');
      } finally {
        await started.close();
        rmSync(other, { recursive: true, force: true });
      }
    });

    describe('load errors browsers report', () => {
      const report = (headers: Record<string, string>, payload: unknown, name = 'leads') =>
        t.app.inject({ method: 'POST', url: `/api/remotes/${name}/load-errors`, headers, payload: payload as object });
      let operator: Record<string, string>;
      type LoadErrors = { count_24h: number; latest: { message: string; version: string | null; reported_at: string } | null };
      const errorsOfLeads = async () => (await leadsOf()).last_errors as LoadErrors;

      before(async () => {
        const user = await createUser(t, { email: `load.errors.${driver}@test.local`, role: 'Operator' });
        operator = bearer(await user.token());
      });
      beforeEach(async () => {
        await t.app.db.execute(sql`delete from remote_load_errors`);
      });

      test('any signed-in user reports one, and the list shows the count of the last 24 hours and the latest', async () => {
        assert.deepEqual((await leadsOf()).last_errors, { count_24h: 0, latest: null });
        const first = await report(operator, { message: 'Could not load remote_leads/leads-list-page: Failed to fetch', version: '1.2.0' });
        assert.equal(first.statusCode, 202, first.body);
        assert.equal((await report(operator, { message: 'ChunkLoadError: Loading chunk 42 failed' })).statusCode, 202);

        const lastErrors = await errorsOfLeads();
        assert.equal(lastErrors.count_24h, 2);
        assert.equal(lastErrors.latest?.message, 'ChunkLoadError: Loading chunk 42 failed');
        assert.equal(lastErrors.latest?.version, null);
        assert.ok(!Number.isNaN(Date.parse(lastErrors.latest?.reported_at ?? '')));
        const others = (await list()).filter((r) => r.name !== 'leads');
        assert.deepEqual(
          others.map((r) => r.last_errors),
          [
            { count_24h: 0, latest: null },
            { count_24h: 0, latest: null },
          ],
          'reports count for their own remote only',
        );
      });

      test('a report older than 24 hours is the latest but not counted', async () => {
        assert.equal((await report(operator, { message: 'Old failure', version: '1.0.0' })).statusCode, 202);
        await t.app.db.execute(sql`update remote_load_errors set reported_at = now() - interval '25 hours'`);
        const lastErrors = await errorsOfLeads();
        assert.equal(lastErrors.count_24h, 0);
        assert.equal(lastErrors.latest?.message, 'Old failure');
        assert.equal(lastErrors.latest?.version, '1.0.0');
      });

      test('only the newest reports of a remote are kept', async () => {
        const userId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: operator })).json().userData.id;
        for (let i = 1; i <= REMOTE_LOAD_ERRORS_KEPT + 5; i += 1) {
          await t.app.remoteRepository.recordLoadError('leads', { message: `Failure ${i}`, version: null }, userId);
        }
        const rows = (await t.app.db.execute(sql`select message from remote_load_errors where remote = 'leads' order by id`)) as unknown as {
          rows: { message: string }[];
        };
        assert.equal(rows.rows.length, REMOTE_LOAD_ERRORS_KEPT);
        assert.equal(rows.rows[0].message, 'Failure 6');
        const lastErrors = await errorsOfLeads();
        assert.equal(lastErrors.count_24h, REMOTE_LOAD_ERRORS_KEPT);
        assert.equal(lastErrors.latest?.message, `Failure ${REMOTE_LOAD_ERRORS_KEPT + 5}`);
      });

      test('a bad report is refused with 422 naming the field, and nothing is kept', async () => {
        const cases: Array<[unknown, string, string?]> = [
          [{ message: 'x'.repeat(501) }, 'message'],
          [{ message: '   ' }, 'message'],
          [{}, 'message'],
          [{ message: 'Failed', version: 'v'.repeat(65) }, 'version'],
          [{ message: 'Failed', version: 42 }, 'version'],
          // PostgreSQL cannot store NUL: refused before it gets there.
          [{ message: 'Failed\u0000here' }, 'message'],
          [{ message: 'Failed', version: '1.0\u0000' }, 'version'],
          [{ message: 'Failed' }, 'name', 'payroll'],
        ];
        for (const [payload, field, name] of cases) {
          const response = await report(operator, payload, name);
          assert.equal(response.statusCode, 422, `${JSON.stringify(payload)}: ${response.body}`);
          assert.ok(response.json().errors[field], `${field}: ${response.body}`);
        }
        assert.equal((await report(operator, { message: 'x'.repeat(500) })).statusCode, 202, '500 characters are allowed');
        assert.equal((await errorsOfLeads()).count_24h, 1);
      });

      test('without a token: 401, and nothing is kept', async () => {
        for (const headers of [{}, bearer('not-a-token')]) {
          const response = await report(headers, { message: 'Failed' });
          assert.equal(response.statusCode, 401, response.body);
          assert.equal(response.json().code, 'UNAUTHENTICATED');
        }
        assert.equal((await errorsOfLeads()).count_24h, 0);
      });

      test('a user who may report may not read: the list needs manage remotes', async () => {
        assert.equal((await report(operator, { message: 'Failed' })).statusCode, 202);
        const answer = await t.app.inject({ method: 'GET', url: '/api/remotes', headers: operator });
        assert.equal(answer.statusCode, 403, answer.body);
        assert.ok(!answer.body.includes('Failed'));
      });

      test('reports are limited per user: past the limit 429, while another user still reports', async () => {
        const noisy = bearer(await (await createUser(t, { email: `noisy.${driver}@test.local`, role: 'Operator' })).token());
        const answers: number[] = [];
        for (let i = 0; i < 32; i += 1) answers.push((await report(noisy, { message: `Failure ${i}` })).statusCode);
        assert.deepEqual(answers.slice(0, 30), Array(30).fill(202));
        assert.deepEqual(answers.slice(30), [429, 429]);
        const limited = await report(noisy, { message: 'One more' });
        assert.equal(limited.json().code, 'RATE_LIMITED');
        assert.equal((await report(operator, { message: 'Someone else' })).statusCode, 202);
      });
    });

    test('REMOTE_*_URL at a later start is the base under a switch made through the API, which stands', async () => {
      await reset();
      assert.equal((await switchLeads(`${origin}/v2/mf-manifest.json`)).statusCode, 200);
      const restarted = await buildTestApp({ driver, sameDatabaseAs: t, config: { webDistRoot: root }, env: { REMOTE_LEADS_URL: `${origin}/v3/mf-manifest.json` } });
      try {
        const entryOf = async () =>
          (await restarted.app.inject({ method: 'GET', url: '/build/remotes.json' })).json().remotes.find((r: { name: string }) => r.name === 'remote_leads').entry;
        assert.equal(await entryOf(), `${origin}/v2/mf-manifest.json`, 'the switch made through the API stands');
        assert.equal((await rollbackLeads()).statusCode, 200);
        await restarted.app.remoteRegistry.reload();
        assert.equal(await entryOf(), `${origin}/v3/mf-manifest.json`, 'under it, the configured entry of the later start');
      } finally {
        await restarted.close();
      }
    });
  });
}
