import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { leadImportJobs } from './db/schema/lead-import-jobs';
import { bearer, buildTestApp, type TestApp, TEST_ADMIN } from './test/build-test-app';
import { createUser } from './test/fixtures';
import { multipart } from './test/multipart';
import { describeRequest, type FuzzFixtures, type FuzzRequest, requestArbitrary } from './test/route-fuzz/requests';
import { type FuzzRoute, routeRecorder } from './test/route-fuzz/routes';
import { problemOf, sendInject, sendOverSocket } from './test/route-fuzz/send';

/**
 * Issue 7: no input makes the API answer 5xx, a 4xx that is not its JSON error body, or drop the connection. Every
 * route in the table Fastify builds is fuzzed, so a new route is covered without editing this file: requests are
 * generated from its own zod schemas (params, querystring, body) and broken the ways an outside probe breaks them.
 * Fixed seeds: the same requests every run. FUZZ_RUNS changes the number per route (default 40, a quarter for HEAD).
 */
const SEED = 7_2026;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
/** HEAD runs its GET's handler: fewer runs of its own. */
const RUNS_PER_HEAD_ROUTE = Math.ceil(RUNS_PER_ROUTE / 4);
const SOCKET_RUNS_PER_ROUTE = 3;
const MAX_REPORTED = 8;

/** A stable seed per route, so adding a route does not change the requests the others get. */
const seedOf = (route: FuzzRoute) => {
  let hash = 0x811c9dc5;
  for (const char of `${route.method} ${route.url}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash ^ SEED) | 0;
};

describe('route-table fuzz (pglite)', () => {
  const recorder = routeRecorder();
  let t: TestApp;
  let tempDir: string;
  let adminId: number;
  let importJobIds: number[];
  const created = { leadIds: [] as number[], commentIds: [] as number[] };
  let serial = 0;
  const counts = { inject: 0, socket: 0 };
  const started = performance.now();

  before(async () => {
    // Uploads are written, and the front-end builds served, from folders of its own.
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'crm-fuzz-'));
    for (const dist of ['host', 'remote-leads', 'remote-documents', 'remote-admin']) {
      mkdirSync(path.join(tempDir, 'web', dist, 'dist'), { recursive: true });
      writeFileSync(path.join(tempDir, 'web', dist, 'dist', 'index.html'), '<!doctype html><title>CRM</title>');
      writeFileSync(path.join(tempDir, 'web', dist, 'dist', 'main.0123456789.js'), 'void 0;');
    }
    t = await buildTestApp({ env: { DATA_DIR: path.join(tempDir, 'data') }, config: { webDistRoot: path.join(tempDir, 'web') }, onRoute: recorder.onRoute });
    const admin = bearer(await t.login());
    adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
    await createUser(t, { email: 'operator@test.local', role: 'Operator' });
    const form = multipart({}, { field: 'file', filename: 'leads.csv', content: 'surname,firstname,phone\nИмпортов,Иван,+7 912 700 00 01\nБез,Телефона,\n' });
    const job = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
    assert.equal(job.statusCode, 202, job.body);
    importJobIds = [job.json().data.id];
    await t.app.jobs.idle();
  });

  after(async () => {
    await t?.close();
    rmSync(tempDir, { recursive: true, force: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `route fuzz: ${counts.inject + counts.socket} requests (${counts.inject} through inject, ${counts.socket} over a socket) ` +
        `to ${recorder.routes.length} routes in ${seconds} s`,
    );
  });

  /** Rows for one route's requests to find (earlier routes may have deleted or renamed the previous ones), and a fresh token (one may have signed out). */
  async function freshFixtures(): Promise<FuzzFixtures> {
    serial += 1;
    // A route may have saved an allow-list that leaves out the test's own address: each route starts unrestricted.
    await t.app.whiteIpRepository.disableEnforcement();
    await t.app.ipAllowList.reload();
    const viewer = { id: adminId, leadScope: 'all' as const };
    const status = await t.app.leadStatusRepository.create({ name: `Фазз ${serial}`, color: '#0D9394' });
    const step = await t.app.commentStepRepository.create({ name: `Фазз ${serial}` });
    const category = await t.app.documentCategoryRepository.create({ title: `Фазз ${serial}` });
    const lead = await t.app.leadCommandRepository.create(
      { surname: 'Фаззов', firstname: 'Фёдор', patronymic: '', phone: `+7 913 ${1_000_000 + serial}`, status_id: status.id, users: [adminId], additional_info: '' },
      adminId,
    );
    const comment = await t.app.leadCommentRepository.create(lead.id, { step_id: step.id, body: 'Фазз' }, viewer);
    created.leadIds = [lead.id, ...created.leadIds].slice(0, 3);
    created.commentIds = [comment.id, ...created.commentIds].slice(0, 3);
    const statuses = await t.app.leadStatusRepository.list();
    const users = await t.app.userRepository.list();
    return {
      token: await t.app.authRepository.createAccessToken(adminId, 1),
      adminEmail: TEST_ADMIN.email,
      leadIds: created.leadIds,
      statusIds: statuses.map((s) => s.id),
      statusNames: statuses.map((s) => s.name),
      stepIds: [step.id],
      categoryIds: [category.id],
      userIds: users.map((u) => u.id),
      commentIds: created.commentIds,
      importJobIds,
    };
  }

  const report = (failures: string[]) =>
    `${failures.length} bad answers:\n${failures.slice(0, MAX_REPORTED).join('\n')}${failures.length > MAX_REPORTED ? '\n…' : ''}`;

  test('the route table is collected from Fastify, API and web routes alike', () => {
    const keys = new Set(recorder.routes.map((r) => `${r.method} ${r.url}`));
    for (const key of ['GET /api/leads/:id', 'POST /api/leads', 'POST /api/leads/import', 'DELETE /api/lead-status/:id/delete', 'GET /build/*']) {
      assert.ok(keys.has(key), `${key} is in the table`);
    }
    assert.ok(recorder.routes.find((r) => r.url === '/api/leads/:id' && r.method === 'POST')?.body?.properties?.surname, 'body schemas are read');
    assert.ok(recorder.routes.find((r) => r.url === '/api/leads/import')?.multipart, 'multipart routes are recognised');
  });

  test('through inject: no 5xx, a JSON error body for every 4xx, no dropped answer', async (s) => {
    for (const route of recorder.routes) {
      await s.test(`${route.method} ${route.url}`, async () => {
        const requests: FuzzRequest[] = fc.sample(requestArbitrary(route, await freshFixtures()), {
          seed: seedOf(route),
          numRuns: route.method === 'HEAD' ? RUNS_PER_HEAD_ROUTE : RUNS_PER_ROUTE,
        });
        const failures: string[] = [];
        for (const request of requests) {
          counts.inject += 1;
          const problem = problemOf(request, await sendInject(t.app, request));
          if (problem) failures.push(`${problem}\n    ← ${describeRequest(request)}`);
        }
        assert.equal(failures.length, 0, report(failures));
      });
    }
  });

  test('over a real socket, for a sample of each route: a whole answer every time', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const failures: string[] = [];
    for (const route of recorder.routes) {
      const requests = fc.sample(requestArbitrary(route, await freshFixtures()), { seed: seedOf(route) + 1, numRuns: SOCKET_RUNS_PER_ROUTE });
      for (const request of requests) {
        const outcome = await sendOverSocket(port, request);
        if (!outcome) continue;
        counts.socket += 1;
        const problem = problemOf(request, outcome);
        if (problem) failures.push(`${problem}\n    ← ${describeRequest(request)}`);
      }
    }
    assert.equal(failures.length, 0, report(failures));
  });

  test('every import the fuzz started ended done: bad files and cells are refused or rejected, never a failed job', async () => {
    await t.app.jobs.idle();
    const jobs = await t.app.db.select({ id: leadImportJobs.id, status: leadImportJobs.status, error: leadImportJobs.error }).from(leadImportJobs);
    assert.ok(jobs.length > 1, 'the fuzz started imports');
    assert.deepEqual(jobs.filter((job) => job.status !== 'done'), []);
  });
});
