import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { INT4_MAX, type LeadDetail, type LeadHistoryEntry, type LeadImportJob, UNSTORABLE_TEXT_MESSAGE, UNSTORABLE_TEXT_MESSAGE_RU } from '@crm/shared/schemas';
import { leadUsers } from '../db/schema/lead-users';
import { toAppError } from '../plugins/error-handler';
import { recordHistory } from '../repositories/lead/lead-history-entries';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../test/build-test-app';
import { createLeadVia, leadInput } from '../test/fixtures';
import { multipart } from '../test/multipart';

/**
 * Issue 7, first part: input an outside probe sent that reached the database and answered 500 (or dropped the
 * connection).
 * Each class is refused before the database with a 4xx JSON answer naming the field.
 */
const HUGE = String(INT4_MAX + 1);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

for (const driver of testDrivers()) {
  describe(`hostile input (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let adminId: number;
    let statusId: number;
    let stepId: number;
    let lead: LeadDetail;
    let commentId: number;
    let origin: string;
    let port: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
      statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      stepId = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data[0].id;
      lead = await createLeadVia(t, admin, leadInput(statusId));
      const comment = await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/comments`, headers: admin, payload: { step_id: stepId, body: 'Позвонил' } });
      commentId = comment.json().data.id;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
      origin = `http://127.0.0.1:${port}`;
    });
    after(() => t.close());

    const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: admin, payload });

    /** A 422 whose errors name exactly `field`, with JSON content. */
    async function assertFieldError(method: Method, url: string, payload: object | undefined, field: string, message?: string) {
      const response = await call(method, url, payload);
      const label = `${method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 120)}`;
      assert.equal(response.statusCode, 422, `${label}: ${response.body}`);
      assert.match(String(response.headers['content-type']), /^application\/json/, label);
      const body = response.json();
      assert.equal(body.code, 'VALIDATION_FAILED', label);
      assert.ok(body.errors?.[field]?.length > 0, `${label}: no error on ${field}: ${response.body}`);
      if (message) assert.deepEqual(body.errors[field], [message], label);
    }

    describe('integers above 2³¹−1', () => {
      test('in path ids: 422 on the id, for every route that takes one', async () => {
        const routes: [Method, string, object | undefined, string][] = [
          ['GET', `/api/leads/${HUGE}`, undefined, 'id'],
          ['POST', `/api/leads/${HUGE}`, leadInput(statusId, { version: 1 }), 'id'],
          ['DELETE', `/api/leads/${HUGE}`, undefined, 'id'],
          ['GET', `/api/leads/favorite/${HUGE}`, undefined, 'id'],
          ['POST', `/api/leads/status/${HUGE}`, { status_id: statusId }, 'id'],
          ['GET', `/api/leads/${HUGE}/assign/${adminId}`, undefined, 'id'],
          ['GET', `/api/leads/${lead.id}/assign/${HUGE}`, undefined, 'userId'],
          ['GET', `/api/leads/${HUGE}/history`, undefined, 'id'],
          ['GET', `/api/leads/${HUGE}/comments`, undefined, 'id'],
          ['POST', `/api/leads/${HUGE}/comments`, { step_id: stepId, body: 'x' }, 'id'],
          ['PUT', `/api/leads/${lead.id}/comments/${HUGE}`, { step_id: stepId, body: 'x' }, 'commentId'],
          ['DELETE', `/api/leads/${lead.id}/comments/${HUGE}`, undefined, 'commentId'],
          ['GET', `/api/leads/import/${HUGE}`, undefined, 'id'],
          ['GET', `/api/leads/import/${HUGE}/report`, undefined, 'id'],
          ['PUT', `/api/lead-status/${HUGE}`, { name: 'Новый' }, 'id'],
          ['DELETE', `/api/lead-status/${HUGE}/delete`, undefined, 'id'],
          ['DELETE', `/api/document-category/${HUGE}`, undefined, 'id'],
          ['DELETE', `/api/comment-steps/${HUGE}`, undefined, 'id'],
        ];
        for (const [method, url, payload, field] of routes) await assertFieldError(method, url, payload, field);
      });

      test('other ids that cannot name a row are 422 too: 0, negative, fractional, NaN, hex', async () => {
        for (const id of ['0', '-1', '1.5', 'NaN', '0x10', '1e3', '99999999999999999999']) {
          await assertFieldError('GET', `/api/leads/${id}`, undefined, 'id');
        }
      });

      test('in query filters: 422 on status_id, user_id and replacement_id', async () => {
        await assertFieldError('GET', `/api/leads?status_id=${HUGE}`, undefined, 'status_id');
        await assertFieldError('GET', `/api/leads?user_id=${HUGE}`, undefined, 'user_id');
        await assertFieldError('DELETE', `/api/lead-status/${statusId}/delete?replacement_id=${HUGE}`, undefined, 'replacement_id');
      });

      test('in bodies: status_id, users[], bulk ids[] and user_id, comment step_id, version, reorder ids[]', async () => {
        await assertFieldError('POST', '/api/leads', leadInput(statusId, { status_id: HUGE }), 'status_id', 'Выберите статус');
        await assertFieldError('POST', '/api/leads', leadInput(statusId, { users: [INT4_MAX + 1] }), 'users.0');
        await assertFieldError('POST', `/api/leads/${lead.id}`, leadInput(statusId, { version: INT4_MAX + 1 }), 'version');
        await assertFieldError('POST', `/api/leads/status/${lead.id}`, { status_id: HUGE }, 'status_id', 'Выберите статус');
        await assertFieldError('POST', '/api/leads/bulk', { action: 'delete', ids: [INT4_MAX + 1] }, 'ids.0');
        await assertFieldError('POST', '/api/leads/bulk', { action: 'status', ids: [lead.id], status_id: INT4_MAX + 1 }, 'status_id');
        await assertFieldError('POST', '/api/leads/bulk', { action: 'assign', ids: [lead.id], user_id: INT4_MAX + 1 }, 'user_id');
        await assertFieldError('POST', `/api/leads/${lead.id}/comments`, { step_id: HUGE, body: 'x' }, 'step_id', 'Выберите этап');
        await assertFieldError('POST', '/api/lead-status/reorder', { ids: [INT4_MAX + 1] }, 'ids.0');
      });

      test('the largest int4 id is valid input: it just names no row (404)', async () => {
        assert.equal((await call('GET', `/api/leads/${INT4_MAX}`)).statusCode, 404);
        assert.equal((await call('GET', `/api/leads?status_id=${INT4_MAX}`)).statusCode, 200);
      });
    });

    describe('NUL characters and unpaired surrogates', () => {
      const leadFields = ['surname', 'firstname', 'patronymic', 'phone', 'additional_info'] as const;

      test('in every lead field, on create and on update: 422 on the field, with the Russian message', async () => {
        for (const bad of [NUL, LONE_SURROGATE]) {
          for (const field of leadFields) {
            await assertFieldError('POST', '/api/leads', leadInput(statusId, { [field]: bad }), field, UNSTORABLE_TEXT_MESSAGE_RU);
            const current = (await call('GET', `/api/leads/${lead.id}`)).json().data as LeadDetail;
            await assertFieldError(
              'POST',
              `/api/leads/${lead.id}`,
              leadInput(statusId, { phone: current.phone, version: current.version, [field]: bad }),
              field,
              UNSTORABLE_TEXT_MESSAGE_RU,
            );
          }
        }
      });

      test('in status, category and step names: 422 on the field', async () => {
        for (const bad of [NUL, LONE_SURROGATE]) {
          await assertFieldError('POST', '/api/lead-status', { name: bad }, 'name', UNSTORABLE_TEXT_MESSAGE);
          await assertFieldError('PUT', `/api/lead-status/${statusId}`, { name: bad }, 'name', UNSTORABLE_TEXT_MESSAGE);
          await assertFieldError('POST', '/api/document-category', { title: bad }, 'title', UNSTORABLE_TEXT_MESSAGE);
          await assertFieldError('POST', '/api/comment-steps', { name: bad }, 'name', UNSTORABLE_TEXT_MESSAGE);
        }
      });

      test('in comments, added and edited: 422 on body', async () => {
        for (const bad of [NUL, LONE_SURROGATE]) {
          await assertFieldError('POST', `/api/leads/${lead.id}/comments`, { step_id: stepId, body: bad }, 'body', UNSTORABLE_TEXT_MESSAGE_RU);
          await assertFieldError('PUT', `/api/leads/${lead.id}/comments/${commentId}`, { step_id: stepId, body: bad }, 'body', UNSTORABLE_TEXT_MESSAGE_RU);
        }
      });

      test('in the list search: 422 on search', async () => {
        await assertFieldError('GET', '/api/leads?search=%00', undefined, 'search', UNSTORABLE_TEXT_MESSAGE_RU);
      });

      test('a lone surrogate is refused on create too, so nothing half-stored is left to trip the history later', async () => {
        const before = (await call('GET', '/api/leads?per_page=100')).json().meta.total;
        await assertFieldError('POST', '/api/leads', leadInput(statusId, { surname: LONE_SURROGATE }), 'surname');
        assert.equal((await call('GET', '/api/leads?per_page=100')).json().meta.total, before);
      });

      test('the history write never fails on a value: NUL and unpaired surrogates are stored as U+FFFD', async () => {
        await t.app.db.transaction((tx) =>
          recordHistory(tx, [{ leadId: lead.id, userId: adminId, action: 'updated', changes: { surname: { from: NUL, to: LONE_SURROGATE } } }]),
        );
        const history = (await call('GET', `/api/leads/${lead.id}/history`)).json().data as LeadHistoryEntry[];
        assert.deepEqual(history[0].changes, { surname: { from: 'a\uFFFDb', to: 'a\uFFFDb' } });
      });
    });

    describe('the CSV export', () => {
      const cases = [
        ['?search=%00', 'search'],
        [`?status_id=${HUGE}`, 'status_id'],
        [`?user_id=${HUGE}`, 'user_id'],
      ] as const;

      test('refuses bad filters with 422 JSON before the stream starts', async () => {
        for (const [query, field] of cases) await assertFieldError('GET', `/api/leads/export${query}`, undefined, field);
      });

      test('over a real socket: a whole 422 JSON answer, never a 200 header line and a dropped connection', async () => {
        for (const [query, field] of cases) {
          const response = await fetch(`${origin}/api/leads/export${query}`, { headers: admin });
          const body = await response.text();
          assert.equal(response.status, 422, `${query}: ${body}`);
          assert.ok(JSON.parse(body).errors[field], query);
        }
        const ok = await fetch(`${origin}/api/leads/export?search=${encodeURIComponent(lead.surname)}`, { headers: admin });
        assert.equal(ok.status, 200);
        assert.ok((await ok.text()).includes(lead.phone));
      });
    });

    describe('multipart', () => {
      const routes = [
        ['/api/upload', 'image'],
        ['/api/leads/import', 'file'],
        ['/api/leads/import/preview', 'file'],
      ] as const;
      const csv = 'surname,firstname,phone\nПетров,Пётр,+7 912 111 22 33\n';

      test('without a boundary, or truncated: 400 JSON on every route that takes a file', async () => {
        for (const [url, field] of routes) {
          const noBoundary = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...admin, 'content-type': 'multipart/form-data' },
            payload: `--x\r\ncontent-disposition: form-data; name="${field}"; filename="a.csv"\r\n\r\n${csv}\r\n--x--\r\n`,
          });
          assert.equal(noBoundary.statusCode, 400, `${url} without boundary: ${noBoundary.body}`);
          assert.deepEqual(noBoundary.json(), { message: 'The multipart form is malformed or incomplete.', code: 'BAD_REQUEST' });

          const form = multipart({}, { field, filename: 'a.csv', content: csv });
          const truncated = await t.app.inject({ method: 'POST', url, headers: { ...admin, ...form.headers }, payload: form.payload.subarray(0, form.payload.length - 20) });
          assert.equal(truncated.statusCode, 400, `${url} truncated: ${truncated.body}`);
          assert.equal(truncated.json().code, 'BAD_REQUEST');
        }
      });

      test('a body that is not multipart at all is 415 JSON; no body is 422 on the file field', async () => {
        for (const [url, field] of routes) {
          const json = await call('POST', url, { [field]: 'not a file' });
          assert.equal(json.statusCode, 415, `${url}: ${json.body}`);
          assert.equal(json.json().code, 'UNSUPPORTED_MEDIA_TYPE');
          const empty = await t.app.inject({ method: 'POST', url, headers: admin });
          assert.equal(empty.statusCode, 422, `${url}: ${empty.body}`);
          assert.ok(empty.json().errors[field], url);
        }
      });

      test('an import file name or a column header with a NUL is 422 on file', async () => {
        const named = multipart({}, { field: 'file', filename: 'le\u0000ads.csv', content: csv });
        const byName = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...named.headers }, payload: named.payload });
        assert.equal(byName.statusCode, 422, byName.body);
        assert.deepEqual(byName.json().errors, { file: ['Имя файла содержит символ, который нельзя сохранить (NUL)'] });

        for (const url of ['/api/leads/import', '/api/leads/import/preview']) {
          const headed = multipart({}, { field: 'file', filename: 'leads.csv', content: 'surname,first\u0000name,phone\nА,Б,+7 912 111 22 34\n' });
          const byHeader = await t.app.inject({ method: 'POST', url, headers: { ...admin, ...headed.headers }, payload: headed.payload });
          assert.equal(byHeader.statusCode, 422, byHeader.body);
          assert.deepEqual(byHeader.json().errors, { file: ['Заголовок столбца 2 содержит символ, который нельзя сохранить (NUL)'] });
        }
      });

      test('a CSV cell with a NUL rejects its row with the reason; the job is done and its counts match the database', async () => {
        const content = 'surname,firstname,phone,additional_info\nНуль\u0000ев,Иван,+7 912 555 00 01,\nЧистов,Пётр,+7 912 555 00 02,заметка\u0000\nЕгоров,Егор,+7 912 555 00 03,\n';
        const form = multipart({}, { field: 'file', filename: 'leads.csv', content });
        const started = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
        assert.equal(started.statusCode, 202, started.body);
        let job = started.json().data as LeadImportJob;
        for (let i = 0; i < 200 && (job.status === 'running' || job.status === 'pending'); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          job = (await call('GET', `/api/leads/import/${job.id}`)).json().data;
        }
        assert.deepEqual(
          { status: job.status, created: job.created, rejected: job.rejected, error: job.error },
          { status: 'done', created: 1, rejected: 2, error: null },
        );
        const found = (await call('GET', '/api/leads?search=%2B7%20912%20555%2000')).json();
        assert.deepEqual(found.data.map((l: LeadDetail) => l.surname), ['Егоров']);

        const report = await call('GET', `/api/leads/import/${job.id}/report`);
        assert.equal(report.statusCode, 200);
        assert.match(report.body, /Нуль\uFFFDев,Иван,"'\+7 912 555 00 01",,2,"Фамилия: Содержит символ, который нельзя сохранить/);
        assert.match(report.body, /Чистов,.*,заметка\uFFFD,3,"Заметки: Содержит символ, который нельзя сохранить/);
      });
    });

    describe('database errors, the safety net behind the schemas', () => {
      test("this driver's errors for a value the client sent map to 4xx", async () => {
        const failure = (promise: Promise<unknown>) => promise.then(() => assert.fail('the database took it'), (error: unknown) => error);
        const outOfRange = await failure(t.app.leadStatusRepository.delete(INT4_MAX + 1, undefined, null));
        assert.deepEqual(toAppError(outOfRange)?.errors, { request: ['A number is out of range.'] });
        const nul = await failure(t.app.commentStepRepository.create({ name: NUL }));
        assert.equal(toAppError(nul)?.code, 'VALIDATION_FAILED');
        const unknownUser = await failure(t.app.db.insert(leadUsers).values({ leadId: lead.id, userId: INT4_MAX }));
        assert.deepEqual(toAppError(unknownUser)?.errors, { user_id: ['A referenced record does not exist.'] });
      });
    });

    describe('before a route runs: 414 and 431 in the usual JSON shape', () => {
      /** Writes raw bytes and reads the whole answer up to the close: status, content type and body. */
      const rawRequest = (bytes: string) =>
        new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
          const chunks: Buffer[] = [];
          socket.on('data', (chunk) => chunks.push(chunk));
          socket.on('error', reject);
          socket.on('close', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const [head, ...rest] = text.split('\r\n\r\n');
            resolve({
              status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
              contentType: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
              body: rest.join('\r\n\r\n'),
            });
          });
        });

      test('a URL longer than the HTTP parser takes is 414 URI_TOO_LONG', async () => {
        const answer = await rawRequest(`GET /api/leads?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        assert.equal(answer.status, 414, answer.body);
        assert.match(answer.contentType, /^application\/json/);
        assert.deepEqual(JSON.parse(answer.body), { message: 'The address is too long.', code: 'URI_TOO_LONG' });
      });

      test('to a HEAD request the 414 has no body, so the client is not left reading a stray one', async () => {
        const answer = await rawRequest(`HEAD /api/leads?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        assert.equal(answer.status, 414);
        assert.equal(answer.body, '');
      });

      test('headers larger than the HTTP parser takes are 431 HEADERS_TOO_LARGE', async () => {
        const answer = await rawRequest(`GET /api/leads HTTP/1.1\r\nHost: localhost\r\nX-Junk: ${'a'.repeat(20_000)}\r\n\r\n`);
        assert.equal(answer.status, 431, answer.body);
        assert.match(answer.contentType, /^application\/json/);
        assert.deepEqual(JSON.parse(answer.body), { message: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' });
      });

      test('a request that is not HTTP is 400 JSON', async () => {
        const answer = await rawRequest('HELLO\r\n\r\n');
        assert.equal(answer.status, 400, answer.body);
        assert.equal(JSON.parse(answer.body).code, 'BAD_REQUEST');
      });

      test('a path parameter over the router\'s limit is 414, a path that does not decode 400, both JSON', async () => {
        const long = await call('GET', `/api/leads/${'1'.repeat(101)}`);
        assert.equal(long.statusCode, 414, long.body);
        assert.deepEqual(long.json(), { message: 'A part of the address is too long.', code: 'URI_TOO_LONG' });
        const undecodable = await call('GET', '/api/leads/%E0%A4%A');
        assert.equal(undecodable.statusCode, 400, undecodable.body);
        assert.deepEqual(undecodable.json(), { message: 'The address is not valid.', code: 'BAD_REQUEST' });
      });
    });
  });
}
