import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { LeadDetail, LeadHistoryEntry, LeadImportJob, LeadImportPreview, LeadListItem } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';
import { multipart } from '../../test/multipart';
import { runLeadImport } from '../../jobs/lead-import-job';
import { parseCsv } from '../../lib/csv';
import { resolveMapping, suggestMapping } from '../../lib/lead-import-mapping';
import { EXPORT_COLUMNS } from './lead-csv-routes';

const BOM = '\uFEFF';
const csvRows = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

for (const driver of testDrivers()) {
  describe(`lead CSV export and import (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let operator: Record<string, string>;
    let operatorId: number;
    let statuses: { id: number; name: string }[];

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const op = await createUser(t, { email: 'op@test.local', role: 'Operator', name: 'Олег Оператор' });
      operatorId = op.id;
      operator = bearer(await op.token());
      statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
    });
    after(() => t.close());

    const exportCsv = async (query: string, headers = admin) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads/export${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return response;
    };

    /** Uploads a CSV for import and waits for the background job to finish. */
    const importCsv = async (csv: string, fields: Record<string, string>, headers = admin): Promise<LeadImportJob> => {
      const form = multipart(fields, { field: 'file', filename: 'leads.csv', content: csv, contentType: 'text/csv' });
      const started = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...headers, ...form.headers }, payload: form.payload });
      assert.equal(started.statusCode, 202, started.body);
      const job = started.json().data as LeadImportJob;
      assert.equal(job.status, 'pending');
      await t.app.jobs.idle();
      const done = await t.app.inject({ method: 'GET', url: `/api/leads/import/${job.id}`, headers });
      assert.equal(done.statusCode, 200);
      return done.json().data;
    };

    const search = async (text: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/leads?per_page=100&search=${encodeURIComponent(text)}`, headers: admin })).json() as {
        data: LeadListItem[];
        meta: { total: number };
      };

    test('export streams the filtered leads as UTF-8 CSV with a BOM, in batches, within the caller’s scope', async () => {
      const bulk = Array.from({ length: 1_205 }, (_, i) => ({ surname: 'Выгрузкин', firstname: `Лид${i}`, phone: `+7 913 ${String(1_000_000 + i)}` }));
      await t.app.leadSeedRepository.insertMany(bulk);
      const response = await exportCsv(`?search=${encodeURIComponent('Выгрузкин')}`);
      assert.match(response.headers['content-type'] as string, /^text\/csv; charset=utf-8/);
      assert.match(response.headers['content-disposition'] as string, /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
      assert.ok(response.body.startsWith(BOM));
      const [header, ...rows] = csvRows(response.body);
      assert.deepEqual(header, [...EXPORT_COLUMNS]);
      assert.equal(rows.length, 1_205);
      const ids = rows.map((r) => Number(r[0]));
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'ordered by id across batches');
      assert.equal(new Set(ids).size, ids.length, 'no row twice');

      const mine = await createLeadVia(t, operator, leadInput(statuses[0].id, { surname: 'Выгрузкина' }));
      const operatorRows = csvRows((await exportCsv(`?search=${encodeURIComponent('Выгрузкин')}`, operator)).body).slice(1);
      assert.deepEqual(operatorRows.map((r) => Number(r[0])), [mine.id]);
    });

    test('an exported row holds the status name, the users’ e-mails and the notes; formulas are escaped', async () => {
      const lead = await createLeadVia(
        t,
        admin,
        leadInput(statuses[1].id, { surname: 'Экспортов', users: [operatorId], additional_info: '<p>Цена: "1, 2"\nи =SUM(A1)</p>' }),
      );
      const [, row] = csvRows((await exportCsv(`?search=${encodeURIComponent('Экспортов')}&status_id=${statuses[1].id}`)).body);
      assert.deepEqual(row, [
        String(lead.id),
        'Экспортов',
        lead.firstname,
        lead.patronymic,
        `'${lead.phone}`,
        statuses[1].name,
        'op@test.local',
        'Цена: "1, 2" и =SUM(A1)',
        lead.created_at,
      ]);
      assert.equal(csvRows((await exportCsv(`?search=${encodeURIComponent('Экспортов')}&status_id=${statuses[2].id}`)).body).length, 1);
    });

    test('notes are plain text, a line per paragraph; every cell a spreadsheet would run is guarded, a phone only when it starts with +', async () => {
      const status = (await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name: '@Собачий' } })).json().data;
      const [guarded, bare] = await t.app.leadSeedRepository.insertMany([
        { surname: '=Формулов', firstname: '-Минусов', patronymic: '+Плюсов', phone: '+7 916 000 00 01', statusId: status.id },
        { surname: 'Простов', firstname: 'Иван', phone: '8 916 000 00 02', statusId: status.id },
      ]);
      await t.app.db.execute(
        sql`update leads set additional_info = ${'<p>=HYPERLINK("http://evil.example","x")</p><p>Вторая &amp; строка</p><ul><li><p>пункт</p></li></ul>'} where id = ${guarded}`,
      );
      const rows = csvRows((await exportCsv(`?status_id=${status.id}`)).body).slice(1);
      const byId = new Map(rows.map((r) => [Number(r[0]), r]));
      const g = byId.get(guarded)!;
      assert.deepEqual(g.slice(1, 6), ["'=Формулов", "'-Минусов", "'+Плюсов", "'+7 916 000 00 01", "'@Собачий"]);
      assert.equal(g[7], `'=HYPERLINK("http://evil.example","x")\nВторая & строка\nпункт`);
      const b = byId.get(bare)!;
      assert.deepEqual([b[1], b[4], b[7]], ['Простов', '8 916 000 00 02', '']);
    });

    test('lang=ru answers Russian headers the import recognises; without it the API names stay', async () => {
      const [russian] = csvRows((await exportCsv('?lang=ru&search=nobody-at-all')).body);
      assert.deepEqual(russian, ['ID', 'Фамилия', 'Имя', 'Отчество', 'Телефон', 'Статус', 'Ответственные', 'Заметки', 'Создан']);
      assert.deepEqual(suggestMapping(russian), {
        surname: 'Фамилия',
        firstname: 'Имя',
        patronymic: 'Отчество',
        phone: 'Телефон',
        status: 'Статус',
        users: 'Ответственные',
        additional_info: 'Заметки',
      });
      assert.deepEqual(csvRows((await exportCsv('?search=nobody-at-all')).body)[0], [...EXPORT_COLUMNS]);
      const refused = await t.app.inject({ method: 'GET', url: '/api/leads/export?lang=xx', headers: admin });
      assert.equal(refused.statusCode, 422);
      assert.ok(refused.json().errors.lang);
    });

    test('preview: headers, the first rows, the row count and a mapping suggested from Russian labels', async () => {
      const lines = ['Фамилия;Имя;Отчество;Телефон;Статус;Ответственные;Заметки;Источник'];
      for (let i = 0; i < 12; i++) lines.push(`Иванов${i};Иван;Иванович;+7 912 111 22 ${String(i).padStart(2, '0')};Новый;;;выставка`);
      const form = multipart({}, { field: 'file', filename: 'ru.csv', content: lines.join('\n') });
      const response = await t.app.inject({ method: 'POST', url: '/api/leads/import/preview', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(response.statusCode, 200, response.body);
      const preview = response.json().data as LeadImportPreview;
      assert.deepEqual(preview.headers, lines[0].split(';'));
      assert.equal(preview.rows.length, 10);
      assert.deepEqual(preview.rows[0], lines[1].split(';'));
      assert.equal(preview.total_rows, 12);
      assert.deepEqual(preview.suggested_mapping, {
        surname: 'Фамилия',
        firstname: 'Имя',
        patronymic: 'Отчество',
        phone: 'Телефон',
        status: 'Статус',
        users: 'Ответственные',
        additional_info: 'Заметки',
      });
    });

    test('round trip: an export re-imported is all skipped, then all updated, then all created', async () => {
      for (let i = 0; i < 4; i++) {
        await createLeadVia(t, admin, leadInput(statuses[2].id, { surname: `Круговой${i}`, users: [operatorId], additional_info: `<p>Заметка ${i}</p>` }));
      }
      const csv = (await exportCsv(`?search=${encodeURIComponent('Круговой')}`)).body;

      const skipped = await importCsv(csv, { on_duplicate: 'skip' });
      assert.deepEqual(
        [skipped.status, skipped.total, skipped.processed, skipped.created, skipped.updated, skipped.skipped, skipped.rejected],
        ['done', 4, 4, 0, 0, 4, 0],
      );
      assert.ok(skipped.finished_at);

      const [header, ...rows] = csvRows(csv);
      rows[0][header.indexOf('firstname')] = 'Изменённый';
      const edited = Papa.unparse([header, ...rows]);
      const updated = await importCsv(edited, { on_duplicate: 'update' });
      assert.deepEqual([updated.status, updated.created, updated.updated, updated.skipped, updated.rejected], ['done', 0, 4, 0, 0]);
      const changed = (await t.app.inject({ method: 'GET', url: `/api/leads/${rows[0][0]}`, headers: admin })).json().data as LeadDetail;
      assert.deepEqual([changed.firstname, changed.version, changed.users, changed.status_id], ['Изменённый', 2, [operatorId], statuses[2].id]);
      const [entry] = (await t.app.inject({ method: 'GET', url: `/api/leads/${rows[0][0]}/history`, headers: admin })).json().data as LeadHistoryEntry[];
      assert.deepEqual([entry.action, entry.changes], ['imported', { firstname: { from: 'Иван', to: 'Изменённый' } }]);

      const created = await importCsv(csv, { on_duplicate: 'create' });
      assert.deepEqual([created.created, created.updated, created.skipped, created.rejected], [4, 0, 0, 0]);
      const all = await search('Круговой');
      assert.equal(all.meta.total, 8);
      const copy = all.data.find((l) => l.id > Number(rows.at(-1)![0]))!;
      assert.deepEqual([copy.users, copy.status_id], [[operatorId], statuses[2].id]);
    });

    test('bad rows are rejected with their reasons; the report lists them with their line', async () => {
      const csv = [
        'surname,firstname,phone,status,users,notes',
        'Годный,Иван,+7 914 000 00 01,Новый,op@test.local,<p>ok<script>x</script></p>',
        ',Без фамилии,+7 914 000 00 02,Новый,,',
        'Плохой,Телефон,12345,Новый,,',
        'Статусов,Пётр,+7 914 000 00 04,Несуществующий,,',
        'Чужой,Пётр,+7 914 000 00 05,Новый,nobody@test.local,',
        '',
        'Повтор,Иван,8 914 000 00 01,Новый,,',
        'Последний,Иван,+7 914 000 00 07,,,',
      ].join('\r\n');
      const job = await importCsv(csv, { on_duplicate: 'skip' });
      assert.deepEqual([job.status, job.total, job.processed, job.created, job.skipped, job.rejected], ['done', 7, 7, 1, 1, 5]);
      const good = (await search('Годный')).data[0];
      assert.deepEqual([good.phone, good.additional_info, good.users, good.status_id], ['+7 914 000 00 01', '<p>ok</p>', [operatorId], statuses[0].id]);

      const report = await t.app.inject({ method: 'GET', url: `/api/leads/import/${job.id}/report`, headers: admin });
      assert.equal(report.statusCode, 200);
      assert.match(report.headers['content-type'] as string, /^text\/csv/);
      assert.match(report.headers['content-disposition'] as string, new RegExp(`lead-import-${job.id}-rejected\\.csv`));
      const [header, ...rows] = csvRows(report.body);
      assert.deepEqual(header, ['surname', 'firstname', 'phone', 'status', 'users', 'notes', 'line', 'errors']);
      assert.deepEqual(
        rows.map((r) => [r[0], r[6], r[7]]),
        [
          ['', '3', 'Фамилия: Укажите фамилию'],
          ['Плохой', '4', 'Телефон: Некорректный номер телефона'],
          ['Статусов', '5', 'Статус: Статус не найден («Несуществующий»)'],
          ['Чужой', '6', 'Ответственные: Пользователь не найден (nobody@test.local)'],
          ['Последний', '9', 'Статус: Выберите статус'],
        ],
      );
    });

    test('duplicates inside one file: update mode writes the later row over the earlier one', async () => {
      const csv = ['Фамилия,Имя,Телефон', 'Дубль,Первый,+7 915 000 00 01', 'Дубль,Второй,8 915 000 00 01', 'Дубль,Третий,+7 915 000 00 02'].join('\n');
      const job = await importCsv(csv, { on_duplicate: 'update' });
      assert.deepEqual([job.created, job.updated, job.skipped, job.rejected], [2, 1, 0, 0]);
      const leads = (await search('Дубль')).data.map((l) => [l.firstname, l.phone, l.status_id]);
      assert.deepEqual(leads.sort(), [
        ['Второй', '+7 915 000 00 01', statuses[0].id],
        ['Третий', '+7 915 000 00 02', statuses[0].id],
      ]);
    });

    test('with more leads than the preload limit, duplicates are looked up per batch, within the importer’s scope', async () => {
      const visible = await createLeadVia(t, operator, leadInput(statuses[0].id, { surname: 'Пакетный', phone: '+7 918 000 00 01' }));
      await createLeadVia(t, admin, leadInput(statuses[0].id, { surname: 'Пакетный', phone: '+7 918 000 00 02' }));
      const csv = 'Фамилия,Имя,Телефон\nПакетный,Новый,8 918 000 00 01\nПакетный,Новый,8 918 000 00 02\nПакетный,Новый,8 918 000 00 03';
      const { headers, rows } = parseCsv(csv);
      const job = await t.app.leadImportRepository.createJob({
        createdBy: operatorId,
        onDuplicate: 'update',
        fileName: 'x.csv',
        headers,
        total: rows.length,
        file: Buffer.from(csv),
        columns: resolveMapping(suggestMapping(headers), headers).columns,
      });
      await runLeadImport(job.id, { repository: t.app.leadImportRepository, log: t.app.log, signal: new AbortController().signal, phonePreloadLimit: 0 });
      const done = (await t.app.inject({ method: 'GET', url: `/api/leads/import/${job.id}`, headers: operator })).json().data as LeadImportJob;
      // The admin's lead with …02 is outside the Operator's scope, so it is not a duplicate for them.
      assert.deepEqual([done.status, done.created, done.updated], ['done', 2, 1]);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/leads/${visible.id}`, headers: operator })).json().data.firstname, 'Новый');
      assert.equal((await search('Пакетный')).meta.total, 4);
    });

    test('422: no file, a mapping without a required column or naming a missing header, an unknown duplicate mode', async () => {
      const csv = 'Фамилия,Имя,Телефон\nА,Б,+7 916 000 00 01';
      const start = (fields: Record<string, string>, file = true) => {
        const form = multipart(fields, file ? { field: 'file', filename: 'a.csv', content: csv } : undefined);
        return t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
      };
      assert.deepEqual((await start({}, false)).json().errors, { file: ['Выберите CSV-файл'] });
      const empty = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: admin });
      assert.deepEqual([empty.statusCode, empty.json().errors], [422, { file: ['Выберите CSV-файл'] }]);
      const json = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: admin, payload: {} });
      assert.deepEqual([json.statusCode, json.json().code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
      const noPhone = await start({ mapping: JSON.stringify({ surname: 'Фамилия', firstname: 'Имя', phone: null }) });
      assert.deepEqual([noPhone.statusCode, noPhone.json().errors], [422, { mapping: ['Телефон: выберите столбец'] }]);
      const missing = await start({ mapping: JSON.stringify({ surname: 'Фамилия', firstname: 'Имя', phone: 'Мобильный' }) });
      assert.deepEqual(missing.json().errors, { mapping: ['Телефон: в файле нет столбца «Мобильный»'] });
      const mode = await start({ on_duplicate: 'merge' });
      assert.deepEqual([mode.statusCode, Object.keys(mode.json().errors)], [422, ['on_duplicate']]);
      assert.equal((await start({ mapping: '{not json' })).json().errors.mapping[0], 'Сопоставление столбцов должно быть JSON-объектом');
    });

    test('a file over 50 MB answers 413 as JSON', async () => {
      const form = multipart({}, { field: 'file', filename: 'huge.csv', content: Buffer.alloc(50 * 1024 * 1024 + 1, 'a') });
      const response = await t.app.inject({ method: 'POST', url: '/api/leads/import/preview', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(response.statusCode, 413);
      assert.deepEqual(response.json(), { message: 'Файл больше 50 МБ. Разделите его на части.', code: 'PAYLOAD_TOO_LARGE' });
    });

    test("a job and its report are their importer's: 404 for others, 401 without a token, 403 without create lead", async () => {
      const job = await importCsv('surname,firstname,phone\nСвой,Иван,+7 917 000 00 01', {}, operator);
      assert.equal(job.created, 1);
      for (const url of [`/api/leads/import/${job.id}`, `/api/leads/import/${job.id}/report`]) {
        assert.equal((await t.app.inject({ method: 'GET', url, headers: operator })).statusCode, 200, url);
        assert.equal((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode, 404, url);
        assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401, url);
      }
      await createRole(t, 'Reader', [{ action: 'view', subject: 'lead' }]);
      const reader = bearer(await (await createUser(t, { email: 'reader@test.local', role: 'Reader' })).token());
      const form = multipart({}, { field: 'file', filename: 'a.csv', content: 'a\nb' });
      for (const url of ['/api/leads/import', '/api/leads/import/preview']) {
        assert.equal((await t.app.inject({ method: 'POST', url, headers: { ...reader, ...form.headers }, payload: form.payload })).statusCode, 403);
        assert.equal((await t.app.inject({ method: 'POST', url, headers: form.headers, payload: form.payload })).statusCode, 401);
      }
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads/export' })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads/import/999999', headers: admin })).statusCode, 404);
    });
  });
}
