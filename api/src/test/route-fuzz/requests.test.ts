import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { leadInputSchema } from '@crm/shared/schemas';
import { type FuzzFixtures, requestArbitrary } from './requests';
import { routeRecorder } from './routes';

const fixtures: FuzzFixtures = {
  token: 'token',
  adminEmail: 'admin@test.local',
  leadIds: [11, 12],
  statusIds: [1, 2, 3],
  statusNames: ['Новый'],
  stepIds: [5],
  categoryIds: [7],
  userIds: [1, 2],
  commentIds: [9],
  importJobIds: [4],
};

describe('route fuzz requests', () => {
  test('a route the generator knows nothing about is still fuzzed: path, query, bodies of every kind', () => {
    const recorder = routeRecorder();
    recorder.onRoute({ method: 'POST', url: '/api/brand-new/:thingId/files/*', handler: () => undefined });
    const [route] = recorder.routes;
    const requests = fc.sample(requestArbitrary(route, fixtures), { seed: 1, numRuns: 300 });
    const paths = requests.map((r) => r.url.split('?')[0]);
    assert.ok(paths.every((p) => /^\/api\/brand-new\/.+\/files\/.*/.test(p)), 'both parameters are filled');
    assert.ok(paths.some((p) => p.startsWith('/api/brand-new/2147483648/')), 'an id beyond int4');
    assert.ok(requests.some((r) => r.url.includes('?')), 'queries');
    const types = new Set<string | undefined>(requests.map((r) => r.headers['content-type']?.split(';')[0]));
    for (const type of ['application/json', 'multipart/form-data', 'text/plain', undefined]) assert.ok(types.has(type), `a ${type} body`);
    assert.ok(requests.some((r) => typeof r.payload === 'string' && r.payload.includes('\\u0000')), 'a NUL in a JSON body');
  });

  test('a route with a body schema gets bodies that pass it whole, and bodies broken in exactly one field', () => {
    const recorder = routeRecorder();
    recorder.onRoute({ method: 'POST', url: '/api/leads', schema: { body: leadInputSchema }, handler: () => undefined });
    const requests = fc.sample(requestArbitrary(recorder.routes[0], fixtures), { seed: 2, numRuns: 300 });
    const bodies = requests
      .filter((r) => r.headers['content-type'] === 'application/json' && typeof r.payload === 'string')
      .map((r) => {
        try {
          return JSON.parse(r.payload as string) as unknown;
        } catch {
          return undefined;
        }
      });
    const issueCounts = bodies.map((body) => leadInputSchema.safeParse(body).error?.issues.length ?? 0);
    assert.ok(issueCounts.filter((n) => n === 0).length >= 10, 'valid bodies reach the handler');
    assert.ok(issueCounts.filter((n) => n === 1).length >= 20, 'bodies with one bad field');
    assert.ok(
      bodies.some((body) => Number((body as { status_id?: unknown } | undefined)?.status_id) > 2147483647),
      'a status_id beyond int4',
    );
  });
});
