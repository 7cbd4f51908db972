import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DuplicateMode, LeadImportJob } from '@crm/shared/schemas';
import { createBulkTransactions } from '../db/bulk-copy';
import { queryRows } from '../db/client';
import { leadImportJobs } from '../db/schema/lead-import-jobs';
import { parseCsv } from '../lib/csv';
import { resolveMapping, suggestMapping } from '../lib/lead-import-mapping';
import { createLeadImportRepository, importFileKey, type LeadImportRepository } from '../repositories/lead-import-repository';
import { createLeadScope } from '../repositories/lead-scope';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../test/build-test-app';
import { PermanentJobError } from './job-queue';
import { IMPORT_FAILED_MESSAGE, runLeadImport, writeGroupRows } from './lead-import-job';

const ROWS = 4_500;
/** Two 1,000-row batches per COPY transaction: the file is written in two groups and a remainder. */
const GROUP_ROWS = 2_000;

const phoneOf = (prefix: number, i: number) => `+7 9${prefix} ${String(i).padStart(7, '0')}`;

/**
 * A file with every kind of duplicate the import sorts: rows 1–3 repeat leads already in the database; every 500th row
 * (+7) repeats a row five lines up (same batch); row 1,500 repeats row 10 (an earlier batch of the same group) and row
 * 4,000 repeats row 1,600 (an earlier group); row 2,222 has a bad phone. Notes hold what COPY's text format escapes.
 */
function fileOf(surname: string, prefix: number): string {
  const lines = ['Фамилия,Имя,Телефон,Ответственные,Заметки'];
  for (let i = 1; i <= ROWS; i++) {
    let phone = phoneOf(prefix, i);
    if (i % 500 === 7) phone = phoneOf(prefix, i - 5);
    if (i === 1_500) phone = phoneOf(prefix, 10);
    if (i === 4_000) phone = phoneOf(prefix, 1_600);
    if (i === 2_222) phone = '12345';
    const notes = i % 1_000 === 1 ? `"Строка ${i}\tтаб \\N слэш\\ и ""кавычки""\nвторая строка\r\nтретья"` : i % 4 === 0 ? `Заметка ${i}` : '';
    lines.push([surname, `Имя${i}`, phone, i % 3 === 0 ? TEST_ADMIN.email : '', notes].join(','));
  }
  return lines.join('\n');
}

for (const driver of testDrivers()) {
  describe(`lead import written with COPY in groups (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let adminId: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
    });
    after(() => t.close());

    async function storedJob(csv: string, onDuplicate: DuplicateMode, repository: LeadImportRepository = t.app.leadImportRepository) {
      const { headers, rows } = parseCsv(csv);
      return repository.createJob({
        createdBy: adminId,
        onDuplicate,
        fileName: 'leads.csv',
        headers,
        total: rows.length,
        file: Buffer.from(csv),
        columns: resolveMapping(suggestMapping(headers), headers).columns,
      });
    }

    const run = (jobId: number, repository: LeadImportRepository = t.app.leadImportRepository) =>
      runLeadImport(jobId, { repository, log: t.app.log, signal: new AbortController().signal, groupRows: GROUP_ROWS });

    const jobOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/leads/import/${id}`, headers: admin })).json().data as LeadImportJob;
    const reportOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/leads/import/${id}/report`, headers: admin })).body;

    /** What the import left for one surname, with the phone's varying prefix cut off so two files compare. */
    async function leadsOf(surname: string) {
      return queryRows<Record<string, unknown>>(
        t.app.db,
        sql`select l.firstname, right(l.phone_normalized, 7) as phone, l.additional_info, l.version,
              (select count(*)::int from lead_users u where u.lead_id = l.id) as users,
              (select string_agg(h.action || coalesce(':' || (select string_agg(k, ',' order by k) from jsonb_object_keys(h.changes) k), ''), ' ' order by h.id)
                 from lead_history h where h.lead_id = l.id) as history
            from leads l where l.surname = ${surname} order by l.firstname, l.id`,
      );
    }

    /**
     * What each mode leaves, as [firstname, last 7 digits of the phone, version, history] of the leads the duplicates
     * touch: rows 1–3 against the database, row 7 against row 2 (same batch), row 1,500 against row 10 (an earlier batch
     * of its group), row 4,000 against row 1,600 (an earlier group). Two rows name the same lead when an update merged them.
     */
    const EXPECTED = {
      update: {
        counts: [ROWS, 4_485, 14, 0, 1],
        leads: 4_488,
        touched: [
          ['Имя1', '0000001', 2, 'imported:additional_info,phone'],
          ['Имя1500', '0000010', 2, 'imported imported:additional_info,firstname,users'],
          ['Имя3', '0000003', 2, 'imported:phone,users'],
          ['Имя4000', '0001600', 2, 'imported imported:additional_info,firstname'],
          ['Имя7', '0000002', 2, 'imported:firstname,phone'],
        ],
      },
      skip: {
        counts: [ROWS, 4_485, 0, 14, 1],
        leads: 4_488,
        touched: [
          ['Имя1', '0000001', 1, null],
          ['Имя10', '0000010', 1, 'imported'],
          ['Имя1600', '0001600', 1, 'imported'],
          ['Имя2', '0000002', 1, null],
          ['Имя3', '0000003', 1, null],
        ],
      },
      create: {
        counts: [ROWS, 4_499, 0, 0, 1],
        leads: 4_502,
        touched: [
          ['Имя1', '0000001', 1, null],
          ['Имя1', '0000001', 1, 'imported'],
          ['Имя10', '0000010', 1, 'imported'],
          ['Имя1500', '0000010', 1, 'imported'],
          ['Имя1600', '0001600', 1, 'imported'],
          ['Имя2', '0000002', 1, null],
          ['Имя2', '0000002', 1, 'imported'],
          ['Имя3', '0000003', 1, null],
          ['Имя3', '0000003', 1, 'imported'],
          ['Имя4000', '0001600', 1, 'imported'],
          ['Имя7', '0000002', 1, 'imported'],
        ],
      },
    } as const;
    const TOUCHED = new Set(['Имя1', 'Имя2', 'Имя3', 'Имя7', 'Имя10', 'Имя1500', 'Имя1600', 'Имя4000']);

    for (const mode of ['update', 'skip', 'create'] as const) {
      test(`on_duplicate=${mode}: duplicates within a batch, across batches and across groups are sorted in file order`, async () => {
        const surname = `Копия${mode}`;
        const prefix = 40 + (mode === 'update' ? 0 : mode === 'skip' ? 2 : 4);
        // Leads already there whose phones rows 1–3 repeat.
        await t.app.leadSeedRepository.insertMany([1, 2, 3].map((i) => ({ surname, firstname: `Имя${i}`, phone: phoneOf(prefix, i), createdBy: adminId })));
        const job = await storedJob(fileOf(surname, prefix), mode);
        await run(job.id);
        const end = await jobOf(job.id);
        assert.equal(end.status, 'done', end.error ?? '');
        assert.deepEqual([end.processed, end.created, end.updated, end.skipped, end.rejected], EXPECTED[mode].counts);
        assert.equal(
          await reportOf(job.id),
          `\ufeffФамилия,Имя,Телефон,Ответственные,Заметки,line,errors\r\n${surname},Имя2222,12345,,,2223,Телефон: Некорректный номер телефона\r\n`,
        );
        const leads = await leadsOf(surname);
        assert.equal(leads.length, EXPECTED[mode].leads);
        assert.deepEqual(
          leads.filter((l) => TOUCHED.has(l.firstname as string)).map((l) => [l.firstname, l.phone, l.version, l.history]),
          EXPECTED[mode].touched,
        );
        // What COPY's text format escapes arrives as the file had it.
        const noted = leads.find((l) => l.firstname === 'Имя1001')!;
        assert.equal(noted.additional_info, 'Строка 1001\tтаб \\N слэш\\ и "кавычки"\nвторая строка\r\nтретья');
      });
    }

    test('a group the database refuses is written again batch by batch: the rows before the bad batch are kept and named as before', async () => {
      await t.app.db.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION refuse_group() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.surname = 'Групповой' AND NEW.firstname = 'Имя2500' THEN RAISE EXCEPTION 'refused by test' USING ERRCODE = '23514'; END IF;
            RETURN NEW;
          END $$`),
      );
      await t.app.db.execute(sql.raw('CREATE TRIGGER refuse_group BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION refuse_group()'));
      const lines = ['Фамилия,Имя,Телефон'];
      for (let i = 1; i <= 3_000; i++) lines.push(`Групповой,Имя${i},${phoneOf(60, i)}`);
      const job = await storedJob(lines.join('\n'), 'create');
      await assert.rejects(run(job.id), (error: unknown) => {
        assert.ok(error instanceof PermanentJobError, String(error));
        assert.equal(error.message, 'База данных не приняла строки 2002–3001; импорт остановлен, строки до них сохранены.');
        return true;
      });
      const end = await jobOf(job.id);
      const [{ n }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from leads where surname = 'Групповой'`);
      assert.deepEqual([end.processed, end.created, n], [2_000, 2_000, 2_000]);
    });

    test('progress still moves in about ten steps: a transaction holds at most a tenth of the file, in whole batches', () => {
      assert.equal(writeGroupRows(100_000), 10_000);
      assert.equal(writeGroupRows(1_000_000), 10_000);
      assert.equal(writeGroupRows(25_000), 2_000);
      assert.equal(writeGroupRows(9_000), 1_000);
      assert.equal(writeGroupRows(10), 1_000);
    });

    test('the upload waits in the file storage (not in the row) and is removed when the job ends; a lost file fails the job', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-import-files-'));
      try {
        const files = createLocalDiskStorage({ folder: path.join(dataDir, 'files'), secret: 'x'.repeat(32), ttlSeconds: 60, urlPrefix: '/api/files/' });
        const repository = createLeadImportRepository(t.app.db, createLeadScope(t.app.db), { bulk: createBulkTransactions(t.connection), files });
        const lines = ['Фамилия,Имя,Телефон', `Файловый,Иван,${phoneOf(61, 1)}`, `Файловый,Пётр,${phoneOf(61, 2)}`];
        const job = await storedJob(lines.join('\n'), 'create', repository);
        const key = importFileKey({ id: job.id, createdAt: new Date(job.created_at) });
        const stored = path.join(dataDir, 'files', key.slice(0, 2), key);
        assert.equal(readFileSync(stored, 'utf8'), lines.join('\n'));
        const [row] = await queryRows<{ inRow: boolean }>(t.app.db, sql`select file is not null as "inRow" from ${leadImportJobs} where id = ${job.id}`);
        assert.equal(row.inRow, false);
        await run(job.id, repository);
        assert.equal((await jobOf(job.id)).created, 2);
        assert.ok(!existsSync(stored), 'the file is removed when the job is done');

        const lost = await storedJob(lines.join('\n'), 'create', repository);
        await files.delete(importFileKey({ id: lost.id, createdAt: new Date(lost.created_at) }));
        await assert.rejects(run(lost.id, repository), (error: unknown) => {
          assert.ok(error instanceof PermanentJobError, String(error));
          assert.equal(error.message, IMPORT_FAILED_MESSAGE);
          return true;
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
