import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    fastify.get('/bug', () => {
      throw new Error('connection string postgres://secret@db');
    });
    fastify.post('/nested', { schema: { body: z.object({ items: z.array(z.object({ name: z.string().min(1, 'Enter a name') })) }) } }, () => ({}));
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
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      STATUS_IN_USE: 409,
      LEAD_VERSION_CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      VALIDATION_FAILED: 422,
      RATE_LIMITED: 429,
      SERVICE_UNAVAILABLE: 503,
    };
    for (const [code, status] of Object.entries(codes)) assert.equal(statusForCode(code as ErrorCode), status);
  });
});
