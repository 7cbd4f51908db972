import { resolveBasename, type BasenameSources } from './resolve-basename';

const sources = (overrides: Partial<BasenameSources>): BasenameSources => ({
  baseHref: null,
  publicPath: null,
  scriptSrcs: [],
  pathname: '/',
  origin: 'http://localhost:8080',
  ...overrides,
});

describe('resolveBasename', () => {
  it('is / under the dev server', () => {
    expect(resolveBasename(sources({ publicPath: 'http://localhost:3001/', origin: 'http://localhost:3001' }))).toBe('/');
    expect(resolveBasename(sources({ scriptSrcs: ['http://localhost:3001/assets/main.js'], origin: 'http://localhost:3001' }))).toBe('/');
  });

  it('is the remote folder when the API serves the build', () => {
    const pathname = '/build/remotes/leads/lead-status/list';
    expect(resolveBasename(sources({ pathname, publicPath: 'http://localhost:8080/build/remotes/leads/' }))).toBe('/build/remotes/leads');
    expect(
      resolveBasename(sources({ pathname, scriptSrcs: ['http://localhost:8080/build/remotes/leads/assets/main.1a2b3c.js'] })),
    ).toBe('/build/remotes/leads');
    expect(resolveBasename(sources({ pathname: '/build/remotes/leads', publicPath: '/build/remotes/leads/' }))).toBe(
      '/build/remotes/leads',
    );
  });

  it('prefers a <base href>', () => {
    expect(
      resolveBasename(
        sources({
          pathname: '/build/remotes/leads/lead-status/list',
          baseHref: 'http://localhost:8080/build/remotes/leads/',
          publicPath: 'http://localhost:8080/build/remotes/leads/lead-status/',
        }),
      ),
    ).toBe('/build/remotes/leads');
  });

  it('ignores folders the page is not under and other origins', () => {
    expect(resolveBasename(sources({ pathname: '/somewhere', publicPath: 'http://localhost:8080/build/remotes/leads/' }))).toBe('/');
    expect(resolveBasename(sources({ pathname: '/build/x', publicPath: 'http://cdn.example.com/build/' }))).toBe('/');
  });
});
