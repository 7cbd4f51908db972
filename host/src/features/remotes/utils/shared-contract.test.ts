import { sharedRangeFor } from '../../../../../tooling/remote-build-info.cjs';
import { RemoteIncompatibleError } from './remote-incompatible-error';
import { assertSharedContract, satisfiesRange, type RemoteBuild } from './shared-contract';

const build = (sharedRange: string): RemoteBuild => ({
  name: 'remote_leads',
  version: '1.4.0',
  commit: 'abc123',
  builtAt: '2026-11-26T12:00:00.000Z',
  sharedRange,
});

test.each([
  ['0.6.0', '>=0.6.0 <1.0.0', true],
  ['0.9.3', '>=0.6.0 <1.0.0', true],
  ['0.5.9', '>=0.6.0 <1.0.0', false],
  ['1.0.0', '>=0.6.0 <1.0.0', false],
  ['1.4.2', '^1.2.0', true],
  ['2.0.0', '^1.2.0', false],
  ['1.1.9', '^1.2.0', false],
  ['0.6.4', '^0.6.0', true],
  ['0.7.0', '^0.6.0', false],
  ['0.0.3', '^0.0.3', true],
  ['0.0.4', '^0.0.3', false],
  ['0.6.0', '^99.0.0', false],
  ['0.6.0', '0.6.0', true],
  ['0.6.0', '=0.6.1', false],
  ['0.6.0', 'workspace:*', false],
  ['0.6.0', '', false],
])('%s in %p is %p', (version, range, expected) => {
  expect(satisfiesRange(version, range)).toBe(expected);
});

test('the range a remote build writes admits any later minor of the same major and nothing else', () => {
  expect(sharedRangeFor('0.6.0')).toBe('>=0.6.0 <1.0.0');
  expect(sharedRangeFor('2.3.1')).toBe('>=2.3.0 <3.0.0');
  // A remote built against shared 0.5 runs on a host with 0.6 (an older minor), not on one with 1.0.
  expect(satisfiesRange('0.6.0', sharedRangeFor('0.5.2'))).toBe(true);
  expect(satisfiesRange('1.0.0', sharedRangeFor('0.5.2'))).toBe(false);
});

test('an incompatible remote throws a RemoteIncompatibleError carrying both sides of the contract', () => {
  const check = () => assertSharedContract('remote_leads', 'remote_leads/leads-list-page', build('>=99.0.0 <100.0.0'), '0.6.0');
  expect(check).toThrow(RemoteIncompatibleError);
  expect(check).toThrow('remote_leads 1.4.0 needs @crm/shared >=99.0.0 <100.0.0; the host provides 0.6.0');
});

test('a compatible remote, or one whose manifest has no build info, passes', () => {
  expect(() => assertSharedContract('remote_leads', 'remote_leads/leads-list-page', build('>=0.6.0 <1.0.0'), '0.6.0')).not.toThrow();
  expect(() => assertSharedContract('remote_leads', 'remote_leads/leads-list-page', null, '0.6.0')).not.toThrow();
});
