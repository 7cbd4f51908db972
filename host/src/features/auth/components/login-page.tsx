import { ApiError, errorMessage, firstFieldError, saveSession, type ErrorTextLanguage } from '@crm/shared/api-client';
import { ERROR_CODE, type Session, type SsoErrorCode, type TwoFactorChallenge } from '@crm/shared/schemas/mini';
import { Button, Spinner, TextField } from '@crm/shared/ui';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_NAMESPACES } from '../utils/sign-in-ns';
import { Link, useLocation, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { exchangeSsoCode, SSO_START_URL } from '../api/exchange-sso-code';
import { login } from '../api/login';
import { formFailureMessage } from '../utils/form-failure';
import { signInTarget } from '../utils/sign-in-target';
import { rememberSsoReturn, ssoLanding, takeSsoReturn } from '../utils/sso-return';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';
import { TwoFactorCodeStep } from './two-factor-code-step';

/** Only a role that requires a second factor not yet set up reaches it; with it comes classic zod (decision 080). */
const TwoFactorSetupStep = lazy(() => import('./two-factor-setup-step').then((m) => ({ default: m.TwoFactorSetupStep })));

const ForgotLink = styled(Link)`
  align-self: flex-end;
  margin-top: -0.5rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export interface LoginPageProps {
  /** Single sign-on's button ("Войти через {name}"), when the server has a provider (web-config.json). */
  sso?: { name: string } | null;
  /** False: the page leads with single sign-on and folds the password form (the break-glass Admin's) behind a link. */
  passwordSignIn?: boolean;
}

/**
 * Sign-in. Success goes to the `to` the guard left on the URL (same-app paths only), else `/`. The single sign-on
 * callback comes back here with `?sso=<one-time code>`, exchanged for the session, or `?sso_error=<code>`. A user with
 * two-factor sign-in gives a code next; one whose role requires it sets it up first (decision 071).
 */
export function LoginPage({ sso = null, passwordSignIn = true }: LoginPageProps) {
  const { t, i18n } = useTranslation(SIGN_IN_NAMESPACES);
  // Fetched now, while the password is typed, so the code step has its texts when it opens.
  const { ready: twoFactorReady } = useTranslation(TWO_FACTOR_NS);

  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [landing] = useState(() => ssoLanding(search));
  const [exchanging, setExchanging] = useState(Boolean(landing.code));
  const [showPassword, setShowPassword] = useState(false);
  const [ssoError, setSsoError] = useState<SsoErrorCode | 'exchange' | undefined>(landing.error);
  const exchanged = useRef(false);

  useEffect(() => {
    // Once: the code is single-use, and a second effect run (StrictMode) would spend it for nothing.
    if (!landing.code || exchanged.current) return;
    exchanged.current = true;
    exchangeSsoCode({ code: landing.code }).then(
      (session) => {
        saveSession(session);
        navigate(signInTarget(takeSsoReturn()), { replace: true });
      },
      (failure: unknown) => {
        if (!(failure instanceof ApiError)) console.error('Single sign-on exchange failed', failure);
        setSsoError('exchange');
        setExchanging(false);
        navigate('/login', { replace: true });
      },
    );
  }, [landing.code, navigate]);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const signedIn = (session: Session) => {
    saveSession(session);
    navigate(signInTarget(search), { replace: true });
  };
  const restart = () => {
    setChallenge(null);
    setPassword('');
    setPending(false);
  };

  // No client-side rules; the server's 422 names the fields at fault.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setSsoError(undefined);
    try {
      const answer = await login({ email, password });
      if ('two_factor' in answer) setChallenge(answer);
      else signedIn(answer);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Sign-in failed', failure);
      setError(failure);
      setPending(false);
    }
  }

  function startSso() {
    rememberSsoReturn(search);
    window.location.assign(SSO_START_URL);
  }

  const general =
    error instanceof ApiError && error.code === ERROR_CODE.PASSWORD_SIGN_IN_OFF
      ? errorMessage(error, i18n.language as ErrorTextLanguage)
      : formFailureMessage(error, ['email', 'password'], { tooManyAttempts: t('auth.tooManyAttempts'), fallback: t('auth.signInFailed') });

  if (exchanging) {
    return (
      <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.ssoSigningIn')}>
        {null}
      </AuthCard>
    );
  }

  const ssoButton = sso ? (
    <Button type="button" variant={passwordSignIn ? 'secondary' : 'primary'} onClick={startSso}>
      {t('auth.ssoSignIn', { name: sso.name })}
    </Button>
  ) : null;
  const formShown = passwordSignIn || !sso || showPassword;

  if (challenge && !twoFactorReady) return <Spinner />;
  if (challenge?.two_factor === 'code') {
    return (
      <AuthCard title={t('twoFactor:codeTitle')} subtitle={t('twoFactor:codeSubtitle')}>
        <TwoFactorCodeStep challenge={challenge.challenge} onSignedIn={signedIn} onRestart={restart} />
      </AuthCard>
    );
  }
  if (challenge?.two_factor === 'setup') {
    return (
      <AuthCard title={t('twoFactor:title')} subtitle={t('twoFactor:requiredSubtitle')}>
        <Suspense fallback={<Spinner />}>
          <TwoFactorSetupStep challenge={challenge.challenge} onSignedIn={signedIn} onRestart={restart} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <Stack>
        {ssoError ? <FormAlert>{t(`auth.ssoErrors.${ssoError}`)}</FormAlert> : null}
        {passwordSignIn ? null : ssoButton}
        {formShown ? (
          <FormStack noValidate onSubmit={onSubmit}>
            <TextField
              label={t('auth.email')}
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={firstFieldError(error, 'email')}
            />
            <TextField
              label={t('auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={firstFieldError(error, 'password')}
            />
            <ForgotLink to="/forgot-password">{t('auth.forgotPasswordLink')}</ForgotLink>
            {general ? <FormAlert>{general}</FormAlert> : null}
            <Button type="submit" loading={pending}>
              {t('auth.signIn')}
            </Button>
          </FormStack>
        ) : (
          <Button type="button" variant="text" onClick={() => setShowPassword(true)}>
            {t('auth.passwordSignInAdmin')}
          </Button>
        )}
        {passwordSignIn && ssoButton ? (
          <>
            <Divider>{t('auth.or')}</Divider>
            {ssoButton}
          </>
        ) : null}
      </Stack>
    </AuthCard>
  );
}
