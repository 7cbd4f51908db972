import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { LeadImportJob } from '@crm/shared/schemas';
import { queryRows } from '../db/client';
import { leadImportJobs } from '../db/schema/lead-import-jobs';
import { parseCsv } from '../lib/csv';
import { resolveMapping, suggestMapping } from '../lib/lead-import-mapping';
import { importFileKey, type LeadImportRepository } from '../repositories/lead-import-repository';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../test/build-test-app';
import { runLeadImport } from './lead-import-job';

const phoneOf = (prefix: number, i: number) => `+7 9${prefix} ${String(i).padStart(7, '0')}`;
const csvOf = (surname: string, prefix: number, rows = 3) =>
  ['Фамилия,Имя,Телефон', ...Array.from({ length: rows }, (_, i) => `${surname},Имя${i + 1},${phoneOf(prefix, i + 1)}`)].join('\n');

// Waiting import files live in the file storage (docs/decisions/055): with FILE_STORAGE=s3, an upload taken by one
// instance is run by a worker on another that shares only the database and the bucket.
for (const driver of testDrivers()) {
  describe(`waiting lead import files on S3 (${driver})`, () => {
    let first: TestApp;
    let second: TestApp;
    let dataDirs: string[];
    let adminId: number;

    before(async () => {
      dataDirs = [mkdtempSync(path.join(os.tmpdir(), 'crm-import-a-')), mkdtempSync(path.join(os.tmpdir(), 'crm-import-b-'))];
      first = await buildTestApp({ driver, storage: 's3', env: { DATA_DIR: dataDirs[0] } });
      // Its own DATA_DIR: nothing on the first instance's disk can reach it, only the shared bucket.
      second = await buildTestApp({ driver, sameDatabaseAs: first, env: { ...first.s3!.env, DATA_DIR: dataDirs[1] } });
      adminId = (await first.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(await first.login()) })).json().userData.id;
    });
    after(async () => {
      await second.close();
      await first.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    const createJob = (t: TestApp, csv: string) => {
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
    };
    const run = (t: TestApp, jobId: number, repository: LeadImportRepository = t.app.leadImportRepository) =>
      runLeadImport(jobId, { repository, log: t.app.log, signal: new AbortController().signal });
    const jobOf = async (t: TestApp, id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/leads/import/${id}`, headers: bearer(await t.login()) })).json().data as LeadImportJob;
    const leadsNamed = async (surname: string) =>
      (await queryRows<{ n: number }>(first.app.db, sql`select count(*)::int as n from leads where surname = ${surname}`))[0].n;

    test('a file uploaded on one instance waits in the bucket, is run by the other, and is removed when the job ends', async () => {
      const job = await createJob(first, csvOf('Ведёрный', 71));
      const key = importFileKey({ id: job.id, createdAt: new Date(job.created_at) });
      assert.deepEqual(await first.s3!.keys(), [key]);
      const [row] = await queryRows<{ inRow: boolean }>(first.app.db, sql`select file is not null as "inRow" from ${leadImportJobs} where id = ${job.id}`);
      assert.equal(row.inRow, false, 'the file is not kept in the database');

      await run(second, job.id);
      const end = await jobOf(second, job.id);
      assert.deepEqual([end.status, end.processed, end.created], ['done', 3, 3]);
      assert.equal(await leadsNamed('Ведёрный'), 3);
      assert.deepEqual(await first.s3!.keys(), [], 'the bucket holds nothing once the job is done');
    });

    test('a job whose file was kept in its row (PostgreSQL before the move) still runs', async () => {
      const job = await createJob(first, csvOf('Строчный', 72));
      // As an older version left it: the bytes in the row, nothing in the bucket.
      await first.app.fileStorage.delete(importFileKey({ id: job.id, createdAt: new Date(job.created_at) }));
      await first.app.db.update(leadImportJobs).set({ file: Buffer.from(csvOf('Строчный', 72)) }).where(eq(leadImportJobs.id, job.id));
      await run(second, job.id);
      assert.deepEqual([(await jobOf(first, job.id)).status, await leadsNamed('Строчный')], ['done', 3]);
      const [row] = await queryRows<{ inRow: boolean }>(first.app.db, sql`select file is not null as "inRow" from ${leadImportJobs} where id = ${job.id}`);
      assert.equal(row.inRow, false, 'the row lets go of the bytes when the job ends');
    });

    if (driver === 'pglite') {
      test('a file PGlite left in DATA_DIR/lead-imports before the move still runs, and is removed', async () => {
        const job = await createJob(first, csvOf('Папочный', 73));
        await first.app.fileStorage.delete(importFileKey({ id: job.id, createdAt: new Date(job.created_at) }));
        const legacy = path.join(dataDirs[0], 'lead-imports');
        mkdirSync(legacy, { recursive: true });
        writeFileSync(path.join(legacy, `${job.id}.csv`), csvOf('Папочный', 73));
        await run(first, job.id);
        assert.deepEqual([(await jobOf(first, job.id)).status, await leadsNamed('Папочный')], ['done', 3]);
        assert.deepEqual(readdirSync(legacy), [], 'the old folder lets go of the file when the job ends');
      });
    }
  });
}
