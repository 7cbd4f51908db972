import { isSafeAppPath, signInTarget } from './sign-in-target';

describe('signInTarget', () => {
  test('goes to to', () => {
    expect(signInTarget('?to=/lead-status/list')).toBe('/lead-status/list');
  });

  test('goes to / without to', () => {
    expect(signInTarget('')).toBe('/');
  });

  test('puts the query the guard kept back on the wanted page', () => {
    expect(signInTarget('?page=2&to=/leads/list')).toBe('/leads/list?page=2');
  });

  test.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'leads/list', '/\t/evil.example'])(
    'refuses %s (open redirect) and goes to /',
    (to) => {
      expect(signInTarget(`?to=${encodeURIComponent(to)}`)).toBe('/');
    },
  );
});

describe('isSafeAppPath', () => {
  test.each([
    ['/leads/list', true],
    ['/leads/list?page=2', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['/\u0000x', false],
    ['', false],
  ])('%j → %s', (path, safe) => {
    expect(isSafeAppPath(path)).toBe(safe);
  });
});
