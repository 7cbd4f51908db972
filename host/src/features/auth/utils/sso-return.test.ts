import { rememberSsoReturn, ssoLanding, takeSsoReturn } from './sso-return';

describe('single sign-on landing', () => {
  it('reads the one-time code or the refusal the callback left on the URL', () => {
    expect(ssoLanding('?sso=abc')).toEqual({ code: 'abc' });
    expect(ssoLanding('?sso_error=unverified_email')).toEqual({ error: 'unverified_email' });
    expect(ssoLanding('?sso_error=<script>')).toEqual({ error: 'failed' });
    expect(ssoLanding('?to=/leads/list')).toEqual({ code: undefined });
  });

  it('gives the remembered target back once', () => {
    rememberSsoReturn('?to=/leads/list');
    expect(takeSsoReturn()).toBe('?to=/leads/list');
    expect(takeSsoReturn()).toBe('');
  });
});
