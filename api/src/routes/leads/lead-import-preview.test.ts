import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { LeadImportPreview } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

// A full collection before each reading, so the memory a request still holds is all that is counted.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const BOUNDARY = '----crm-preview-test';
const HEAD = Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="leads.csv"\r\ncontent-type: text/csv\r\n\r\n`);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const FORM_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const MB = 1024 * 1024;

const csvLine = (i: number) => `Потоков;Лид${i};+7 955 ${String(1_000_000 + i)};Строка ${i} большого файла\r\n`;

for (const driver of testDrivers()) {
  describe(`lead import preview and import limits (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let operator: Record<string, string>;
    let operatorId: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const op = await createUser(t, { email: 'preview-op@test.local', role: 'Operator', name: 'Пётр Просмотров' });
      operatorId = op.id;
      operator = bearer(await op.token());
    });
    after(() => t.close());

    const preview = (headers: Record<string, string>, payload: Buffer | Readable) =>
      t.app.inject({ method: 'POST', url: '/api/leads/import/preview', headers: { ...headers, ...FORM_HEADERS }, payload });

    /** A preview whose upload stays open until `finish`: it has started reading once the first megabyte is taken. */
    const openPreview = async (headers: Record<string, string>) => {
      const body = new PassThrough();
      const answer = preview(headers, body);
      const started = body.write(Buffer.concat([HEAD, Buffer.from('Фамилия;Имя;Телефон\r\nОткрытый;Лид;+7 956 0000001\r\n'), Buffer.alloc(MB, 0x20)]));
      if (!started) await once(body, 'drain');
      return {
        answer,
        finish: () => body.end(Buffer.concat([Buffer.from('\r\n'), TAIL])),
      };
    };

    const smallFile = () => Buffer.concat([HEAD, Buffer.from('Фамилия;Имя;Телефон\r\nМалый;Лид;+7 957 0000001\r\n'), TAIL]);

    test('a 30 MB file previews its header and first rows while the server holds no more than its first part', async () => {
      const rows = 400_000;
      const lines = Array.from({ length: rows }, (_, i) => csvLine(i));
      let size = 0;
      for (const line of lines) size += Buffer.byteLength(line);
      assert.ok(size > 25 * MB, `the file is ${size} bytes`);

      collectGarbage();
      const baseline = process.memoryUsage().arrayBuffers;
      let peak = 0;
      /** The multipart body in 64 KB chunks, made as the server reads them; memory is read every 2 MB sent. */
      async function* body() {
        yield HEAD;
        yield Buffer.from('Фамилия;Имя;Телефон;Заметки\r\n');
        let chunk = '';
        let sent = 0;
        let measuredAt = 0;
        for (const line of lines) {
          chunk += line;
          if (chunk.length < 32 * 1024) continue;
          const bytes = Buffer.from(chunk);
          chunk = '';
          sent += bytes.length;
          yield bytes;
          if (sent - measuredAt >= 2 * MB) {
            measuredAt = sent;
            collectGarbage();
            peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
          }
        }
        yield Buffer.from(chunk);
        yield TAIL;
      }

      const response = await preview(operator, Readable.from(body(), { objectMode: false, highWaterMark: 64 * 1024 }));
      assert.equal(response.statusCode, 200, response.body);
      const data = response.json().data as LeadImportPreview;
      assert.deepEqual(data.headers, ['Фамилия', 'Имя', 'Телефон', 'Заметки']);
      assert.equal(data.rows.length, 10);
      assert.deepEqual(data.rows[0], ['Потоков', 'Лид0', '+7 955 1000000', 'Строка 0 большого файла']);
      assert.deepEqual(data.rows[9], ['Потоков', 'Лид9', '+7 955 1000009', 'Строка 9 большого файла']);
      assert.equal(data.total_rows, rows);
      assert.equal(data.suggested_mapping.phone, 'Телефон');
      // Holding the file would keep most of its 30 MB until the end; the preview keeps its first megabyte.
      assert.ok(peak < 8 * MB, `the server held ${(peak / MB).toFixed(1)} MB more while the file streamed`);
    });

    test('a large Windows-1251 file is previewed from its first bytes', async () => {
      const text = `Фамилия;Имя;Телефон\r\n${Array.from({ length: 40_000 }, (_, i) => `Ёлкин;Лид${i};+7 958 ${String(1_000_000 + i)}\r\n`).join('')}`;
      const cp1251 = Buffer.from(encode1251(text));
      assert.ok(cp1251.length > 1 * MB);
      const response = await preview(admin, Buffer.concat([HEAD, cp1251, TAIL]));
      assert.equal(response.statusCode, 200, response.body);
      const data = response.json().data as LeadImportPreview;
      assert.deepEqual(data.headers, ['Фамилия', 'Имя', 'Телефон']);
      assert.deepEqual(data.rows[0], ['Ёлкин', 'Лид0', '+7 958 1000000']);
      assert.equal(data.total_rows, 40_000);
    });

    test('a third preview at once by one user answers 429 with Retry-After; other users still get through', async () => {
      const first = await openPreview(operator);
      const second = await openPreview(operator);

      const third = await preview(operator, smallFile());
      assert.equal(third.statusCode, 429, third.body);
      assert.equal(third.headers['retry-after'], '10');
      assert.deepEqual(third.json(), {
        code: 'IMPORT_BUSY',
        message: 'Уже идут два предпросмотра файла. Дождитесь их окончания и попробуйте снова.',
      });
      const other = await preview(admin, smallFile());
      assert.equal(other.statusCode, 200, other.body);

      first.finish();
      second.finish();
      for (const open of [first, second]) {
        const response = await open.answer;
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json().data.rows[0], ['Открытый', 'Лид', '+7 956 0000001']);
      }
      // Their slots are free again.
      assert.equal((await preview(operator, smallFile())).statusCode, 200);
    });

    test('an import is refused with 429 while the same user has one waiting or running, or one uploading', async () => {
      const importForm = () => multipart({}, { field: 'file', filename: 'leads.csv', content: 'surname,firstname,phone\nЛимитов,Иван,+7 959 0000001', contentType: 'text/csv' });
      const startImport = (headers: Record<string, string>, form = importForm()) =>
        t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...headers, ...form.headers }, payload: form.payload });

      const waiting = await t.app.leadImportRepository.createJob({
        createdBy: operatorId,
        onDuplicate: 'skip',
        fileName: 'waiting.csv',
        headers: ['surname', 'firstname', 'phone'],
        total: 1,
        file: Buffer.from('surname,firstname,phone\nЖдущий,Иван,+7 959 0000002'),
        columns: { surname: 0, firstname: 1, phone: 2 },
      });
      const refused = await startImport(operator);
      assert.equal(refused.statusCode, 429, refused.body);
      assert.equal(refused.headers['retry-after'], '30');
      assert.deepEqual(refused.json(), {
        code: 'IMPORT_BUSY',
        message: 'Предыдущий импорт ещё не закончился. Дождитесь его окончания и попробуйте снова.',
      });
      assert.equal((await startImport(admin)).statusCode, 202);

      await t.app.leadImportRepository.fail(waiting.id, 'stopped by the test');
      // An upload still being read counts too.
      const body = new PassThrough();
      const uploading = t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...operator, ...FORM_HEADERS }, payload: body });
      if (!body.write(Buffer.concat([HEAD, Buffer.from('surname,firstname,phone\r\nЗагрузкин,Иван,+7 959 0000003\r\n'), Buffer.alloc(MB, 0x20)]))) {
        await once(body, 'drain');
      }
      assert.equal((await startImport(operator)).statusCode, 429);
      body.end(Buffer.concat([Buffer.from('\r\n'), TAIL]));
      assert.equal((await uploading).statusCode, 202);
      await t.app.jobs.idle();
      assert.equal((await startImport(operator)).statusCode, 202);
      await t.app.jobs.idle();
    });
  });
}

/** Windows-1251 bytes of Russian text (Node has no encoder for it): Cyrillic letters and Ё/ё, the rest ASCII. */
function encode1251(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes[i] = code;
    else if (code >= 0x410 && code <= 0x44f) bytes[i] = code - 0x410 + 0xc0;
    else if (code === 0x401) bytes[i] = 0xa8;
    else if (code === 0x451) bytes[i] = 0xb8;
    else throw new Error(`no Windows-1251 byte for ${text[i]}`);
  }
  return bytes;
}
