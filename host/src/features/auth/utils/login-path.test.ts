import { loginPathFor } from './login-path';

describe('loginPathFor', () => {
  test('puts the wanted path in to, slashes readable', () => {
    expect(loginPathFor('/lead-status/list')).toBe('/login?to=/lead-status/list');
  });

  test('keeps the original query before to', () => {
    expect(loginPathFor('/leads/list', '?page=2&per_page=25')).toBe('/login?page=2&per_page=25&to=/leads/list');
  });

  test('leaves to out for /', () => {
    expect(loginPathFor('/', '?utm=mail')).toBe('/login?utm=mail');
    expect(loginPathFor('/')).toBe('/login');
  });

  test('an old to in the query is replaced, not repeated', () => {
    expect(loginPathFor('/leads/list', '?to=/elsewhere&a=1')).toBe('/login?a=1&to=/leads/list');
  });

  test('encodes what must be encoded', () => {
    expect(loginPathFor('/leads/list', '?search=a b&x=1&y=2')).toBe('/login?search=a%20b&x=1&y=2&to=/leads/list');
  });
});
