import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { describeConformance } from './conformance-suite';

const SECRET = 'conformance-secret-0123456789';
const APP = { id: 'crm-test', key: 'crm-test-key' };
// On buildTestApp's APP_URL (http://crm.test): the embedded endpoint, every instance signing with SECRET.
const env = { PUSHER_URL: `http://${APP.key}:${SECRET}@crm.test/apps/${APP.id}` };

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

describeConformance('embedded endpoint', async () => {
  const t = await buildTestApp({ env });
  const port = await listen(t);
  return { target: { host: '127.0.0.1', port, appId: APP.id, key: APP.key, secret: SECRET }, close: () => t.close() };
});

// Two API instances behind one Redis (CI and the brief's machine have one on 127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
describeConformance('two embedded instances on one Redis', async () => {
  const redisEnv = { ...env, REDIS_URL: redisUrl };
  const first = await buildTestApp({ env: redisEnv });
  const second = await buildTestApp({ env: redisEnv, sameDatabaseAs: first });
  const port = await listen(first);
  const secondPort = await listen(second);
  return {
    target: { host: '127.0.0.1', port, secondPort, appId: APP.id, key: APP.key, secret: SECRET },
    close: async () => {
      await second.close();
      await first.close();
    },
  };
});
