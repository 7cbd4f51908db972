import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { entriesAllow, normalizeIp } from './ip-allow-list';

describe('IP allow-list matching', () => {
  test('IPv4 addresses and CIDR ranges', () => {
    assert.equal(entriesAllow(['192.0.2.10'], '192.0.2.10'), true);
    assert.equal(entriesAllow(['192.0.2.10'], '192.0.2.11'), false);
    assert.equal(entriesAllow(['10.0.0.0/8'], '10.255.3.4'), true);
    assert.equal(entriesAllow(['10.0.0.0/8'], '11.0.0.1'), false);
    assert.equal(entriesAllow(['198.51.100.0/24', '203.0.113.7'], '203.0.113.7'), true);
    assert.equal(entriesAllow(['0.0.0.0/0'], '8.8.8.8'), true);
  });

  test('IPv6 addresses and CIDR ranges, in any spelling', () => {
    assert.equal(entriesAllow(['2001:db8::1'], '2001:0db8:0000:0000:0000:0000:0000:0001'), true);
    assert.equal(entriesAllow(['2001:db8::/32'], '2001:db8:ffff::42'), true);
    assert.equal(entriesAllow(['2001:db8::/32'], '2001:db9::1'), false);
    assert.equal(entriesAllow(['::1'], '::1'), true);
    // IPv4 entries never match an unrelated IPv6 client, and the reverse.
    assert.equal(entriesAllow(['10.0.0.0/8'], '2001:db8::1'), false);
    assert.equal(entriesAllow(['2001:db8::/32'], '10.0.0.1'), false);
  });

  test('an IPv4 client on a dual-stack socket (::ffff:a.b.c.d) matches IPv4 entries', () => {
    assert.equal(entriesAllow(['127.0.0.1'], '::ffff:127.0.0.1'), true);
    assert.equal(entriesAllow(['10.0.0.0/8'], '::FFFF:10.1.2.3'), true);
    assert.equal(entriesAllow(['10.0.0.0/8'], '::ffff:11.1.2.3'), false);
    assert.deepEqual(normalizeIp('::ffff:10.1.2.3'), { address: '10.1.2.3', family: 'ipv4' });
  });

  test('what is not an address matches nothing', () => {
    assert.equal(normalizeIp('localhost'), undefined);
    assert.equal(entriesAllow(['0.0.0.0/0'], 'not-an-ip'), false);
  });
});
