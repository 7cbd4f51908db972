import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadImportJob } from '@crm/shared/schemas';
import { queryRows } from '../../db/client';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

/** `rows` leads of one surname with distinct valid phones (+7 9PP NNN NN NN); `bad` lines (1-based data rows) get `badSurname`. */
function csvOf(surname: string, rows: number, phonePrefix: number, bad: Record<number, string> = {}): string {
  const lines = ['Фамилия,Имя,Телефон'];
  for (let i = 1; i <= rows; i++) lines.push(`${bad[i] ?? surname},Имя${i},+7 9${phonePrefix} ${String(i).padStart(7, '0')}`);
  return lines.join('\n');
}

for (const driver of testDrivers()) {
  describe(`lead imports as background jobs (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    const startImport = async (app: TestApp, csv: string) => {
      const form = multipart({ on_duplicate: 'create' }, { field: 'file', filename: 'leads.csv', content: csv, contentType: 'text/csv' });
      const response = await app.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(response.statusCode, 202, response.body);
      return (response.json() as { data: LeadImportJob }).data;
    };

    const jobOf = async (app: TestApp, id: number) =>
      (await app.app.inject({ method: 'GET', url: `/api/leads/import/${id}`, headers: admin })).json().data as LeadImportJob;

    /** Polls the job as the client does until it ends; every status seen on the way is kept. */
    async function waitForEnd(app: TestApp, id: number, seen: string[] = []): Promise<LeadImportJob> {
      for (;;) {
        const job = await jobOf(app, id);
        seen.push(job.status);
        if (job.status === 'done' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    /** Straight from the database (the list's count is capped at 10,000). */
    const leadsNamed = async (surname: string) => {
      const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from leads where surname = ${surname}`);
      return row.n;
    };

    /** The database refuses leads with this surname, as it would refuse any row it cannot store. */
    async function refuseSurname(surname: string, sqlstate: string) {
      await t.app.db.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION refuse_${sqlstate}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.surname = '${surname}' THEN RAISE EXCEPTION 'refused by test' USING ERRCODE = '${sqlstate}'; END IF;
            RETURN NEW;
          END $$`),
      );
      await t.app.db.execute(sql.raw(`CREATE TRIGGER refuse_${sqlstate} BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION refuse_${sqlstate}()`));
    }

    test('a finished import tells its importer the counts, and each user the file made responsible how many leads', async () => {
      const owner = await createUser(t, { email: 'import-owner@test.local', role: 'Operator', name: 'Ирина Ответственная' });
      const csv = ['Фамилия,Имя,Телефон,Ответственные', ...[1, 2].map((i) => `Импортов,Лид${i},+7 955 000000${i},import-owner@test.local`)].join('\n');
      const form = multipart(
        { on_duplicate: 'create', mapping: JSON.stringify({ surname: 'Фамилия', firstname: 'Имя', phone: 'Телефон', users: 'Ответственные' }) },
        { field: 'file', filename: 'leads.csv', content: csv, contentType: 'text/csv' },
      );
      const started = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(started.statusCode, 202, started.body);
      const job = await waitForEnd(t, (started.json() as { data: LeadImportJob }).data.id);
      assert.equal(job.status, 'done');
      const bell = async (userId: number) =>
        queryRows<{ title: string; body: string }>(t.app.db, sql`select title, body from notifications where user_id = ${userId} order by id`);
      const adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id as number;
      // The job turns "done" in the transaction that writes its notifications: whoever sees "done" finds them.
      const finished = { title: 'Импорт лидов завершён', body: 'Создано: 2, обновлено: 0, пропущено: 0, с ошибками: 0' };
      assert.deepEqual((await bell(adminId)).at(-1), finished);
      assert.deepEqual(await bell(owner.id), [{ title: 'Вам назначены лиды из импорта: 2', body: '' }]);
    });

    test('a failure in the middle of a file leaves counts equal to the rows in the database', async () => {
      await refuseSurname('Отказной', '23514');
      const job = await startImport(t, csvOf('Серединный', 2_500, 21, { 1_500: 'Отказной' }));
      const end = await waitForEnd(t, job.id);
      assert.equal(end.status, 'failed');
      // The first batch of 1,000 rows was written; the second one holds the refused row and was not.
      assert.equal(await leadsNamed('Серединный'), 1_000);
      assert.deepEqual([end.processed, end.created, end.updated, end.skipped, end.rejected], [1_000, 1_000, 0, 0, 0]);
      assert.equal(end.error, 'База данных не приняла строки 1002–2001; импорт остановлен, строки до них сохранены.');
    });

    test('an error that persists through every retry fails the job with the same exact counts', async () => {
      await refuseSurname('Сбойный', 'P0001');
      const job = await startImport(t, csvOf('Повторный', 1_200, 22, { 1_100: 'Сбойный' }));
      const end = await waitForEnd(t, job.id);
      assert.equal(end.status, 'failed');
      assert.equal(await leadsNamed('Повторный'), 1_000);
      assert.deepEqual([end.processed, end.created], [1_000, 1_000]);
      assert.equal(end.error, 'Импорт прервался из-за ошибки сервера; загруженные строки сохранены.');
    });

    test('a NUL character in a cell never leaves counts the database does not hold', async () => {
      const csv = ['Фамилия,Имя,Телефон', 'Нулевой,Иван,+7 923 000 00 01', 'Нулевой\u0000,Пётр,+7 923 000 00 02'].join('\n');
      const job = await startImport(t, csv);
      const end = await waitForEnd(t, job.id);
      assert.equal(end.created, await leadsNamed('Нулевой'), `the job claims ${end.created} created (${end.status})`);
      const report = await t.app.inject({ method: 'GET', url: `/api/leads/import/${job.id}/report`, headers: admin });
      assert.equal(report.statusCode, 200);
    });

    // Several API instances share a PostgreSQL server only: embedded PGlite belongs to one process (decision 002),
    // and a crash and restart there is covered by lead-import-crash.test.ts.
    if (driver === 'postgres') {
      test('restarting another instance while this one runs an import does not fail it', async () => {
        const rows = 6_000;
        // Each row costs the database a millisecond, so the import lasts seconds whatever the machine's speed, and the
        // two restarts below (well under a second each) land while it runs.
        await t.app.db.execute(
          sql.raw(`CREATE OR REPLACE FUNCTION slow_restart_rows() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.surname = 'Перезапуск' THEN PERFORM pg_sleep(0.001); END IF;
              RETURN NEW;
            END $$`),
        );
        await t.app.db.execute(sql.raw('CREATE TRIGGER slow_restart_rows BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION slow_restart_rows()'));
        const job = await startImport(t, csvOf('Перезапуск', rows, 24));
        const seen: string[] = [];
        // The import is under way on this instance before the other one starts…
        while ((await jobOf(t, job.id)).processed === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        let other = await buildTestApp({ driver, sameDatabaseAs: t });
        seen.push((await jobOf(other, job.id)).status);
        // …and restarts twice while it runs.
        await other.close();
        other = await buildTestApp({ driver, sameDatabaseAs: t });
        seen.push((await jobOf(other, job.id)).status);
        await other.close();
        assert.deepEqual(seen, ['running', 'running'], 'both restarts happened while the import ran');
        const end = await waitForEnd(t, job.id, seen);
        assert.ok(!seen.includes('failed'), `statuses seen: ${[...new Set(seen)].join(', ')}`);
        assert.equal(end.status, 'done');
        assert.deepEqual([end.processed, end.created], [rows, rows]);
        assert.equal(await leadsNamed('Перезапуск'), rows);
      });
    }
  });
}
