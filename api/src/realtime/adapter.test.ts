import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createRedisAdapter, type RealtimeAdapter } from './adapter';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

describe('Redis adapter: presence across instances', () => {
  const prefix = `crm-test-${randomUUID()}`;
  const redis = new Redis(redisUrl);
  const adapters: RealtimeAdapter[] = [];
  after(async () => {
    for (const adapter of adapters) await adapter.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  test('a user is announced once across instances, and a crashed instance’s members are dropped', async () => {
    const first = await createRedisAdapter(redisUrl, () => undefined, prefix);
    adapters.push(first);
    const [firstHeartbeat] = await redis.keys(`${prefix}:instance:*`);
    const second = await createRedisAdapter(redisUrl, () => undefined, prefix);
    adapters.push(second);

    const anna = { user_id: '1', user_info: { name: 'Анна' } };
    assert.equal((await first.joinPresence('presence-lead.1', '1.1', anna)).firstForUser, true);
    const again = await second.joinPresence('presence-lead.1', '2.2', anna);
    assert.equal(again.firstForUser, false, 'the same user on another instance is not announced twice');
    const boris = await second.joinPresence('presence-lead.1', '2.3', { user_id: '2' });
    assert.deepEqual(boris.members.map((m) => m.user_id), ['1', '2']);

    assert.equal((await second.leavePresence('presence-lead.1', '2.2')).lastForUser, false, 'Анна is still there through the first instance');

    // The first instance dies without cleaning up: its heartbeat expires.
    await redis.del(firstHeartbeat);
    assert.deepEqual((await second.presenceMembers('presence-lead.1')).map((m) => m.user_id), ['2']);
  });
});
