// `pnpm test:stack`: the production stack started for real (docs/decisions/054), every check through nginx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, login, navigate, newPage } from '../support/browser';
import { clientAddress, closeAgents, type LoadResult, request, runLoad, signIn, within } from './client';
import { ADMIN, type InstanceName, type Stack, startStack } from './stack';

type Created = { data: { id: number } };
type Message = { message: string };

const figures: [string, string][] = [];
const figure = (name: string, value: string) => {
  figures.push([name, value]);
  console.log(`[stack] ${name}: ${value}`);
};

/** A PNG of `size`×`size` pixels in one colour, so the API makes a real thumbnail of it. */
function png(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([30, 144, 255]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

describe('the production stack: PostgreSQL, Redis, S3, two API instances, nginx', () => {
  let stack: Stack;
  let browser: Browser | undefined;
  let token: string;
  let statusId: number;
  const suiteStarted = performance.now();

  before(async () => {
    const started = performance.now();
    stack = await startStack();
    figure('stack started in', `${((performance.now() - started) / 1000).toFixed(1)} s`);
    token = await signIn(stack.url, ADMIN);
    statusId = (await request(`${stack.url}/api/lead-status`, { token })).json<{ data: { id: number }[] }>().data[0].id;
  });

  after(async () => {
    await browser?.close();
    closeAgents();
    // STACK_LOGS=<folder>: nginx's logs (each request with the instance that answered) and the instances' output.
    if (process.env.STACK_LOGS) stack?.keepLogs(process.env.STACK_LOGS);
    await stack?.stop();
    figure('suite took', `${((performance.now() - suiteStarted) / 1000).toFixed(1)} s`);
    const width = Math.max(...figures.map(([name]) => name.length));
    console.log(`\nStack figures\n${figures.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join('\n')}\n`);
  });

  /** Prints what the instances and nginx wrote when a check fails, since their processes are gone afterwards. */
  const explained = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      console.error(`--- instance A\n${stack.instances.A.output().slice(-4000)}\n--- instance B\n${stack.instances.B.output().slice(-4000)}`);
      console.error(`--- nginx error.log\n${stack.nginxLog().slice(-4000)}`);
      throw error;
    }
  };

  test('signing in through nginx gives a token both instances accept; the client address is the one nginx saw', async () => {
    const me = (base: string) => request(`${base}/api/auth/me`, { token });
    for (const name of ['A', 'B'] as InstanceName[]) {
      const answer = await me(stack.pinned[name]);
      assert.equal(answer.status, 200, `instance ${name}`);
      assert.equal(answer.json<{ userData: { email: string } }>().userData.email, ADMIN.email);
    }
    // The API believes the entry nginx appended, never one the client wrote.
    const from = clientAddress();
    const listed = await request(`${stack.url}/api/white-ips`, { token, from, headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(listed.status, 200);
    assert.equal(listed.json<{ meta: { your_ip: string } }>().meta.your_ip, from);
  });

  test('a file uploaded through instance A downloads and previews through instance B', () =>
    explained(async () => {
      const category = await request(`${stack.pinned.A}/api/document-category`, { method: 'POST', token, body: { title: 'Стек' } });
      assert.equal(category.status, 201, category.body.toString());
      const document = await request(`${stack.pinned.A}/api/document`, {
        method: 'POST',
        token,
        body: { title: 'Схема стенда', category_id: category.json<Created>().data.id, text: '<p>Файл на S3</p>', links: [] },
      });
      assert.equal(document.status, 201, document.body.toString());
      const documentId: number = document.json<Created>().data.id;
      const image = png(200);
      const form = new FormData();
      form.append('document_id', String(documentId));
      form.append('file[]', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'схема.png');
      const uploaded = await request(`${stack.pinned.A}/api/document/add-media`, { method: 'POST', token, body: form });
      assert.equal(uploaded.status, 201, uploaded.body.toString());

      const detail = await request(`${stack.pinned.B}/api/document/${documentId}`, { token });
      assert.equal(detail.status, 200);
      const [file] = detail.json<{ data: { files: { url: string; preview: string | null; mime: string }[] } }>().data.files;
      assert.equal(file.mime, 'image/png');
      const download = await request(`${stack.pinned.B}${file.url}`);
      assert.equal(download.status, 200);
      assert.equal(download.headers['content-type'], 'image/png');
      assert.deepEqual(download.body, image, 'the same bytes back through the other instance');
      assert.ok(file.preview, 'an image has a thumbnail');
      const preview = await request(`${stack.pinned.B}${file.preview}`);
      assert.equal(preview.status, 200);
      assert.equal(preview.headers['content-type'], 'image/webp');
      assert.equal(preview.body.subarray(8, 12).toString('ascii'), 'WEBP');
    }));

  test('a lead created through instance A appears live in a browser connected through instance B', () =>
    explained(async () => {
      browser = await launchBrowser();
      const page = await newPage(await browser.newContext());
      await login(page, stack.pinned.B);
      await navigate(page, stack.pinned.B, '/leads/list?search=Живой');
      await page.getByRole('status', { name: 'Live updates: connected' }).waitFor();
      assert.equal(await page.getByRole('row', { name: /Живойстек/ }).count(), 0);
      const created = await request(`${stack.pinned.A}/api/leads`, {
        method: 'POST',
        token,
        body: { surname: 'Живойстек', firstname: 'Тест', patronymic: '', phone: '+7 912 555 77 01', status_id: statusId, users: [], additional_info: '' },
      });
      assert.equal(created.status, 201, created.body.toString());
      const ms = await within(10_000, 'the new lead in the list on B', async () => (await page.getByRole('row', { name: /Живойстек/ }).count()) === 1);
      figure('realtime A → browser on B', `${Math.round(ms)} ms`);
      // The socket went through nginx to B: B counts it, A has none.
      const connections = async (name: InstanceName) => {
        const metrics = await request(`${stack.pinned[name]}/metrics`, { headers: { authorization: `Bearer ${stack.metricsToken}` } });
        assert.equal(metrics.status, 200);
        return Number(/^crm_realtime_connections (\d+)$/m.exec(metrics.body.toString())?.[1]);
      };
      assert.deepEqual({ A: await connections('A'), B: await connections('B') }, { A: 0, B: 1 });
      await page.close();
    }));

  // Each instance compares the list's version at most once a second (ALLOW_LIST_CHECK_MS): the figures printed show
  // it; the check only waits up to three times that, as a busy machine adds its own delays (no timed assertions).
  test('an allow-list change applies on both instances within a second', () =>
    explained(async () => {
      const outsider = clientAddress();
      const refused = async (name: InstanceName) => (await request(`${stack.pinned[name]}/api/auth/me`, { from: outsider })).status === 403;
      for (const name of ['A', 'B'] as InstanceName[]) assert.equal(await refused(name), false, `${name} before the change`);

      const added = await request(`${stack.pinned.A}/api/white-ips`, { method: 'POST', token, body: { address: '127.0.0.1', comment: 'стек' } });
      assert.equal(added.status, 201, added.body.toString());
      const changedAt = performance.now();
      const applied = await Promise.all(
        (['A', 'B'] as InstanceName[]).map(async (name) => {
          await within(3_000, `the list enforced on ${name}`, () => refused(name));
          return performance.now() - changedAt;
        }),
      );
      const body = (await request(`${stack.pinned.B}/api/auth/me`, { from: outsider })).json<unknown>();
      assert.deepEqual(body, { code: 'IP_NOT_ALLOWED', message: `Access from the address ${outsider} is not allowed.`, ip: outsider });

      const removed = await request(`${stack.pinned.A}/api/white-ips/${added.json<Created>().data.id}`, { method: 'DELETE', token });
      assert.equal(removed.status, 200, removed.body.toString());
      const removedAt = performance.now();
      const lifted = await Promise.all(
        (['A', 'B'] as InstanceName[]).map(async (name) => {
          await within(3_000, `the list lifted on ${name}`, async () => !(await refused(name)));
          return performance.now() - removedAt;
        }),
      );
      figure('allow-list added, enforced on A / B after', `${Math.round(applied[0])} / ${Math.round(applied[1])} ms`);
      figure('allow-list removed, lifted on A / B after', `${Math.round(lifted[0])} / ${Math.round(lifted[1])} ms`);
    }));

  test('sign-in limits count across instances: per address and per (email, address)', () =>
    explained(async () => {
      // Per address (60 a minute): attempts alternate between the instances, so each sees only half of them.
      const guesser = clientAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        statuses.push((await request(`${stack.pinned[i % 2 === 0 ? 'A' : 'B']}/api/auth/login`, { method: 'POST', body: {}, from: guesser })).status);
      }
      assert.deepEqual(statuses, Array(60).fill(422));
      for (const name of ['A', 'B'] as InstanceName[]) {
        const answer = await request(`${stack.pinned[name]}/api/auth/login`, { method: 'POST', body: ADMIN, from: guesser });
        assert.equal(answer.status, 429, `the 61st attempt through ${name}`);
        assert.match(answer.json<Message>().message, /Too many attempts/);
      }

      // Per (email, address) (10 failures a minute), counted in the database.
      const pair = clientAddress();
      for (let i = 0; i < 10; i++) {
        const answer = await request(`${stack.pinned[i % 2 === 0 ? 'A' : 'B']}/api/auth/login`, {
          method: 'POST',
          body: { email: ADMIN.email, password: 'not-the-password' },
          from: pair,
        });
        assert.equal(answer.status, 422);
      }
      const locked = await request(`${stack.url}/api/auth/login`, { method: 'POST', body: ADMIN, from: pair });
      assert.equal(locked.status, 429);
      assert.match(locked.json<Message>().message, /Too many sign-in attempts/);
      // The owner still signs in from elsewhere.
      assert.equal((await request(`${stack.url}/api/auth/login`, { method: 'POST', body: ADMIN, from: clientAddress() })).status, 200);
    }));

  test('an import runs exactly once with a worker on each instance', () =>
    explained(async () => {
      const rows = 3000;
      const csv = ['surname,firstname,phone,status', ...Array.from({ length: rows }, (_, i) => `Импорт${i},Стек,+7 903 ${String(i).padStart(7, '0')},Новый`)].join('\n');
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'стек.csv');
      form.append('mapping', JSON.stringify({ surname: 'surname', firstname: 'firstname', phone: 'phone', status: 'status' }));
      form.append('on_duplicate', 'create');
      const started = await request(`${stack.url}/api/leads/import`, { method: 'POST', token, body: form });
      assert.equal(started.status, 202, started.body.toString());
      const jobId: number = started.json<Created>().data.id;
      const startedAt = performance.now();
      let job: { status: string; created: number; rejected: number; processed: number } | undefined;
      await within(120_000, 'the import finished', async () => {
        job = (await request(`${stack.url}/api/leads/import/${jobId}`, { token })).json<{ data: NonNullable<typeof job> }>().data;
        return job!.status === 'done' || job!.status === 'failed';
      });
      assert.deepEqual({ status: job!.status, created: job!.created, rejected: job!.rejected, processed: job!.processed }, { status: 'done', created: rows, rejected: 0, processed: rows });
      const [{ count }] = await stack.query<{ count: string }>(`SELECT count(*) FROM leads WHERE surname LIKE 'Импорт%'`);
      assert.equal(Number(count), rows, 'each row written once');
      // The job row says done inside the handler's transaction; pg-boss marks its job completed just after.
      const runs = async () => stack.query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM pgboss.job WHERE name = 'lead-import'`);
      await within(10_000, 'pg-boss done with the job', async () => (await runs()).every((run) => run.state !== 'active'));
      assert.deepEqual(await runs(), [{ state: 'completed', retry_count: 0 }], 'one job, run once');
      figure('import of 3,000 rows, two workers', `${((performance.now() - startedAt) / 1000).toFixed(1)} s, ${count} leads`);
    }));

  /** Every acknowledged lead is in the database under its surname; answers how many unacknowledged writes landed too. */
  async function checkWrites(result: LoadResult, tag: string): Promise<number> {
    const ids = [...result.acknowledged.keys()];
    const found = await stack.query<{ id: number; surname: string }>('SELECT id, surname FROM leads WHERE id = ANY($1::int[])', [ids]);
    const lost = ids.filter((id) => found.find((row) => row.id === id)?.surname !== result.acknowledged.get(id));
    assert.deepEqual(lost, [], 'no acknowledged write lost');
    const [{ count }] = await stack.query<{ count: string }>('SELECT count(*) FROM leads WHERE surname LIKE $1', [`${tag}%`]);
    return Number(count) - ids.length;
  }

  const describeLoad = (r: LoadResult) =>
    `${r.writes.sent} writes: ${r.writes.acknowledged} acknowledged, ${r.writes.failed} failed; ${r.reads.sent} reads: ${r.reads.failed} failed` +
    `${Object.keys(r.failures).length ? ` (${Object.entries(r.failures).map(([what, n]) => `${what} ×${n}`).join(', ')})` : ''}; ${r.seconds.toFixed(1)} s`;

  test('kill -9 of one instance under load: failures counted, no acknowledged write lost, the other carries on', () =>
    explained(async () => {
      const retriesBefore = stack.nginxRetries();
      let killed: Promise<void> | undefined;
      let acknowledgedAtKill = 0;
      const result = await runLoad({
        base: stack.url,
        token,
        statusId,
        tag: 'Убит',
        phoneCode: '904',
        concurrency: 8,
        min: 300,
        max: 300,
        onWrite: (acknowledged) => {
          if (acknowledged === 100 && !killed) {
            acknowledgedAtKill = acknowledged;
            killed = stack.instances.A.stop('SIGKILL');
          }
        },
      });
      await killed;
      const landed = await checkWrites(result, 'Убит');
      figure('kill -9 under load', describeLoad(result));
      figure('kill -9: unacknowledged writes that were saved', String(landed));
      figure('kill -9: requests nginx passed on to B', String(stack.nginxRetries() - retriesBefore));
      assert.ok(acknowledgedAtKill === 100 && !stack.instances.A.running(), 'A was killed part-way');
      assert.equal(result.writes.sent, 300);
      // The remaining instance carried the rest: every write after the in-flight ones was acknowledged.
      assert.ok(result.writes.acknowledged >= 300 - 8, `at most the ${8} requests in flight fail (${describeLoad(result)})`);
      assert.equal(result.reads.failed, 0, 'reads are retried on the other instance');
      assert.deepEqual(Object.keys(result.failures).filter((what) => what !== 'POST 502'), [], 'only creates in flight on A fail');
      assert.equal((await request(`${stack.pinned.B}/api/ready`)).status, 200);
      assert.equal((await request(`${stack.url}/api/leads/${[...result.acknowledged.keys()].at(-1)}`, { token })).status, 200);
      await stack.instances.A.start();
    }));

  test('a rolling restart under load loses no request nginx could retry', () =>
    explained(async () => {
      const retriesBefore = stack.nginxRetries();
      const restartedAt: string[] = [];
      const roll = (async () => {
        // Load runs a moment first, so the restart happens under it.
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const name of ['A', 'B'] as InstanceName[]) {
          const t0 = performance.now();
          await stack.instances[name].stop('SIGTERM');
          const stoppedMs = performance.now() - t0;
          await stack.instances[name].start();
          restartedAt.push(`${name} stopped in ${(stoppedMs / 1000).toFixed(1)} s, ready again after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        }
      })();
      const result = await runLoad({ base: stack.url, token, statusId, tag: 'Перезапуск', phoneCode: '905', concurrency: 4, pauseMs: 40, min: 300, max: 5000, until: roll });
      await roll;
      const landed = await checkWrites(result, 'Перезапуск');
      figure('rolling restart under load', describeLoad(result));
      figure('rolling restart: unacknowledged writes that were saved', String(landed));
      figure('rolling restart: requests nginx passed on to the other instance', String(stack.nginxRetries() - retriesBefore));
      for (const line of restartedAt) figure('rolling restart', line);
      assert.equal(result.reads.failed, 0, 'no read lost: nginx retries them on the other instance');
      // Creates refused at connect were retried by nginx (they count as acknowledged). A create that had reached an
      // instance as it closed is never replayed, since it may have been written: those 502s are the only failures
      // allowed, and they are printed above.
      assert.deepEqual(Object.keys(result.failures).filter((what) => what !== 'POST 502'), [], describeLoad(result));
    }));
});
