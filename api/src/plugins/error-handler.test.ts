import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, ERROR_CODES } from '@crm/shared/schemas/mini';
import { AppError, type ErrorCode } from '../errors/app-error';
import { errorHandler, statusForCode } from './error-handler';

describe('error handler', () => {
  let app: FastifyInstance;
  const logs: Record<string, unknown>[] = [];

  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const fastify = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>();
    fastify.setValidatorCompiler(validatorCompiler);
    fastify.setSerializerCompiler(serializerCompiler);
    await fastify.register(errorHandler);
    fastify.get('/in-use', () => {
      throw new AppError('STATUS_IN_USE', 'In use');
    });
    fastify.get('/code/:code', (request) => {
      throw new AppError((request.params as { code: ErrorCode }).code, 'Refused');
    });
    fastify.get('/bug', () => {
      throw new Error('connection string postgres://secret@db');
    });
    fastify.post('/nested', { schema: { body: z.object({ items: z.array(z.object({ name: z.string().min(1, 'Enter a name') })) }) } }, () => ({}));
    // What drizzle throws when the driver refuses a query: its own error, with the driver's as `cause`.
    fastify.get('/database/:code', (request) => {
      const { code } = request.params as { code: string };
      const { detail, column } = request.query as { detail?: string; column?: string };
      const driverError = Object.assign(new Error('value "2147483648" is out of range for type integer'), { code, detail, column });
      throw Object.assign(new Error('Failed query: select "id" from "leads" where "id" = $1\nparams: 2147483648'), { cause: driverError });
    });
    fastify.get('/bad-answer', { schema: { response: { 200: z.object({ id: z.number() }) } } }, () => ({ id: 'not a number' }) as never);
    app = fastify;
    await app.ready();
  });
  after(() => app.close());

  test('a domain error becomes its status with its code', async () => {
    const response = await app.inject({ method: 'GET', url: '/in-use' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { message: 'In use', code: 'STATUS_IN_USE' });
  });

  test('a bug answers only "Something went wrong" and logs the details', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: 'Something went wrong' });
    assert.doesNotMatch(response.body, /secret|stack|at /);
    const logged = logs.find((line) => line.msg === 'Unhandled error') as { err: { message: string; stack: string } };
    assert.match(logged.err.message, /postgres:\/\/secret/);
    assert.ok(logged.err.stack);
  });

  test('a response that does not match its schema is a 500, not a leak', async () => {
    const response = await app.inject({ method: 'GET', url: '/bad-answer' });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: 'Something went wrong' });
  });

  test('validation errors are keyed by the dotted field path', async () => {
    const response = await app.inject({ method: 'POST', url: '/nested', payload: { items: [{ name: 'ok' }, { name: '' }] } });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The given data was invalid.',
      code: 'VALIDATION_FAILED',
      errors: { 'items.1.name': ['Enter a name'] },
    });
  });

  test('every code has a status', () => {
    const codes: Record<ErrorCode, number> = {
      BAD_REQUEST: 400,
      UNAUTHENTICATED: 401,
      TWO_FACTOR_SETUP_REQUIRED: 401,
      FORBIDDEN: 403,
      GRANT_NOT_HELD: 403,
      OWN_ROLE: 403,
      NOT_FOUND: 404,
      REQUEST_TIMEOUT: 408,
      CONFLICT: 409,
      STATUS_IN_USE: 409,
      STEP_IN_USE: 409,
      IP_LOCKOUT: 409,
      IP_NOT_ALLOWED: 403,
      DOCUMENT_VERSION_CONFLICT: 409,
      TASK_VERSION_CONFLICT: 409,
      CATEGORY_IN_USE: 409,
      LEAD_VERSION_CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      URI_TOO_LONG: 414,
      UNSUPPORTED_MEDIA_TYPE: 415,
      VALIDATION_FAILED: 422,
      RATE_LIMITED: 429,
      PASSWORD_SIGN_IN_OFF: 403,
      IMPORT_BUSY: 429,
      HEADERS_TOO_LARGE: 431,
      SERVICE_UNAVAILABLE: 503,
    };
    for (const [code, status] of Object.entries(codes)) assert.equal(statusForCode(code as ErrorCode), status);
  });

  test("every code answers the shared error envelope, which a client parses as it came (@crm/shared's ERROR_CODES)", async () => {
    for (const code of ERROR_CODES) {
      const response = await app.inject({ method: 'GET', url: `/code/${code}` });
      assert.equal(response.statusCode, statusForCode(code));
      assert.deepEqual(apiErrorSchema.parse(response.json()), { message: 'Refused', code });
    }
  });

  describe('database errors that are the client\'s fault are 4xx, with a clear message and no internals', () => {
    const cases: { code: string; query?: string; status: number; body: object }[] = [
      { code: '22P02', status: 422, body: { message: 'A value has the wrong format.', code: 'VALIDATION_FAILED', errors: { request: ['A value has the wrong format.'] } } },
      { code: '22003', status: 422, body: { message: 'A number is out of range.', code: 'VALIDATION_FAILED', errors: { request: ['A number is out of range.'] } } },
      { code: '22021', status: 422, body: { message: 'A text contains a character that cannot be saved (a NUL or a broken emoji).', code: 'VALIDATION_FAILED', errors: { request: ['A text contains a character that cannot be saved (a NUL or a broken emoji).'] } } },
      { code: '22P05', status: 422, body: { message: 'A text contains a character that cannot be saved (a NUL or a broken emoji).', code: 'VALIDATION_FAILED', errors: { request: ['A text contains a character that cannot be saved (a NUL or a broken emoji).'] } } },
      { code: '22001', status: 422, body: { message: 'A text is too long.', code: 'VALIDATION_FAILED', errors: { request: ['A text is too long.'] } } },
      { code: '22012', status: 422, body: { message: 'A value is not valid.', code: 'VALIDATION_FAILED', errors: { request: ['A value is not valid.'] } } },
      {
        code: '23503',
        query: `detail=${encodeURIComponent('Key (status_id)=(9) is not present in table "lead_statuses".')}`,
        status: 422,
        body: { message: 'A referenced record does not exist.', code: 'VALIDATION_FAILED', errors: { status_id: ['A referenced record does not exist.'] } },
      },
      {
        code: '23503',
        query: `detail=${encodeURIComponent('Key (id)=(3) is still referenced from table "leads".')}`,
        status: 409,
        body: { message: 'The record is still in use.', code: 'CONFLICT' },
      },
      { code: '23505', query: `detail=${encodeURIComponent('Key (email)=(a@b.c) already exists.')}`, status: 409, body: { message: 'A record with this value already exists.', code: 'CONFLICT' } },
      { code: '23502', query: 'column=surname', status: 422, body: { message: 'A required value is missing.', code: 'VALIDATION_FAILED', errors: { surname: ['A required value is missing.'] } } },
    ];

    for (const { code, query, status, body } of cases) {
      test(`${code}${query ? ` (${decodeURIComponent(query).slice(7, 40)}…)` : ''} → ${status}`, async () => {
        const response = await app.inject({ method: 'GET', url: `/database/${code}${query ? `?${query}` : ''}` });
        assert.equal(response.statusCode, status);
        assert.deepEqual(response.json(), body);
        assert.doesNotMatch(response.body, /select|leads"|2147483648|a@b\.c/);
        assert.ok(logs.some((line) => line.msg === 'The database refused a value from the request'));
      });
    }

    test('the server\'s own database failures stay a bare 500: a lost connection, a deadlock, a syntax error', async () => {
      for (const code of ['08006', '40P01', '42601', '57P01']) {
        const response = await app.inject({ method: 'GET', url: `/database/${code}` });
        assert.equal(response.statusCode, 500, code);
        assert.deepEqual(response.json(), { message: 'Something went wrong' });
      }
    });
  });
});
