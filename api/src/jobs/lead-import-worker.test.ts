import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadImportJob } from '@crm/shared/schemas';
import { queryRows } from '../db/client';
import { parseCsv } from '../lib/csv';
import { resolveMapping, suggestMapping } from '../lib/lead-import-mapping';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../test/build-test-app';
import { multipart } from '../test/multipart';
import { PermanentJobError } from './job-queue';
import { IMPORT_BATCH, IMPORT_WORKER_FAILED_MESSAGE, INLINE_PARSE_BYTES, runLeadImport } from './lead-import-job';

/** `rows` leads of one surname with distinct valid phones (+7 9PP NNN NN NN). */
function csvOf(surname: string, rows: number, phonePrefix: number): string {
  const lines = ['Фамилия,Имя,Телефон'];
  for (let i = 1; i <= rows; i++) lines.push(`${surname},Имя${i},+7 9${phonePrefix} ${String(i).padStart(7, '0')}`);
  return lines.join('\n');
}

for (const driver of testDrivers()) {
  describe(`the lead import's worker thread (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let adminId: number;

    before(async () => {
      t = await buildTestApp({ driver });
      const token = await t.login();
      admin = bearer(token);
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
    });
    after(() => t.close());

    /** A job as the upload stores it, not queued: the test runs it with the worker it names. */
    async function storedJob(csv: string) {
      const { headers, rows } = parseCsv(csv);
      return t.app.leadImportRepository.createJob({
        createdBy: adminId,
        onDuplicate: 'create',
        fileName: 'leads.csv',
        headers,
        total: rows.length,
        file: Buffer.from(csv),
        columns: resolveMapping(suggestMapping(headers), headers).columns,
      });
    }

    const run = (jobId: number, worker: string) =>
      runLeadImport(jobId, {
        repository: t.app.leadImportRepository,
        log: t.app.log,
        signal: new AbortController().signal,
        workerUrl: new URL(`../test/${worker}`, import.meta.url),
      });

    const jobOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/leads/import/${id}`, headers: admin })).json().data as LeadImportJob;

    const leadsNamed = async (surname: string) => {
      const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from leads where surname = ${surname}`);
      return row.n;
    };

    test('a worker that fails to start stops the import with a clear error, not a retry, and the API carries on', async () => {
      const job = await storedJob(csvOf('Безрабочий', 10, 51));
      await assert.rejects(run(job.id, 'import-worker-throws.ts'), (error: unknown) => {
        assert.ok(error instanceof PermanentJobError, String(error));
        assert.equal(error.message, IMPORT_WORKER_FAILED_MESSAGE);
        assert.match(String((error.cause as Error).message), /broke on purpose/);
        return true;
      });
      assert.equal(await leadsNamed('Безрабочий'), 0);
      assert.deepEqual([(await jobOf(job.id)).processed, (await jobOf(job.id)).created], [0, 0]);
      const list = await t.app.inject({ method: 'GET', url: '/api/leads', headers: admin });
      assert.equal(list.statusCode, 200);
    });

    test('a worker that dies mid-file keeps the batches written before it, with counts equal to the rows', async () => {
      const job = await storedJob(csvOf('Оборванный', IMPORT_BATCH * 3 + 10, 52));
      await assert.rejects(run(job.id, 'import-worker-exits.ts'), (error: unknown) => {
        assert.ok(error instanceof PermanentJobError, String(error));
        assert.equal(error.message, IMPORT_WORKER_FAILED_MESSAGE);
        assert.match(String((error.cause as Error).message), /exited with code 3/);
        return true;
      });
      assert.equal(await leadsNamed('Оборванный'), IMPORT_BATCH * 2);
      const stopped = await jobOf(job.id);
      assert.deepEqual([stopped.processed, stopped.created, stopped.rejected], [IMPORT_BATCH * 2, IMPORT_BATCH * 2, 0]);
    });

    test('the real worker runs the same job to the end', async () => {
      const job = await storedJob(`${csvOf('Рабочий', IMPORT_BATCH + 5, 53)}\nРабочий,,+7 953 0000001`);
      await run(job.id, '../jobs/lead-import-worker.ts');
      const done = await jobOf(job.id);
      assert.deepEqual([done.status, done.processed, done.created, done.rejected], ['done', IMPORT_BATCH + 6, IMPORT_BATCH + 5, 1]);
      assert.equal(await leadsNamed('Рабочий'), IMPORT_BATCH + 5);
    });

    test('a preview of a file larger than the inline limit (parsed in the worker) shows its headers, first rows and row count', async () => {
      const rows = Math.ceil(INLINE_PARSE_BYTES / 30) + 1_000;
      const csv = csvOf('Большой', rows, 54);
      assert.ok(Buffer.byteLength(csv) > INLINE_PARSE_BYTES);
      const form = multipart({}, { field: 'file', filename: 'big.csv', content: csv, contentType: 'text/csv' });
      const response = await t.app.inject({ method: 'POST', url: '/api/leads/import/preview', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(response.statusCode, 200, response.body);
      const { data } = response.json();
      assert.deepEqual(data.headers, ['Фамилия', 'Имя', 'Телефон']);
      assert.equal(data.total_rows, rows);
      assert.deepEqual(data.rows[0], ['Большой', 'Имя1', '+7 954 0000001']);
      assert.equal(data.rows.length, 10);
    });
  });
}
