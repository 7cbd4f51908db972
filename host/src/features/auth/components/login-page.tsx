import { ApiError, firstFieldError, saveSession } from '@crm/shared/api-client';
import { Button, Spinner, TextField } from '@crm/shared/ui';
import type { Session, TwoFactorChallenge } from '@crm/shared/schemas/mini';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { login } from '../api/login';
import { formFailureMessage } from '../utils/form-failure';
import { signInTarget } from '../utils/sign-in-target';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';
import { TwoFactorCodeStep } from './two-factor-code-step';
import { TwoFactorSetupStep } from './two-factor-setup-step';

const ForgotLink = styled(Link)`
  align-self: flex-end;
  margin-top: -0.5rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/**
 * Sign-in. Success goes to the `to` the guard left on the URL (same-app paths only), else `/`. A user with two-factor
 * sign-in gives a code next; one whose role requires it sets it up first (decision 071).
 */
export function LoginPage() {
  const { t } = useTranslation();
  // Fetched now, while the password is typed, so the code step has its texts when it opens.
  const { ready: twoFactorReady } = useTranslation(TWO_FACTOR_NS);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
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

  const general = formFailureMessage(error, ['email', 'password'], {
    tooManyAttempts: t('auth.tooManyAttempts'),
    fallback: t('auth.signInFailed'),
  });

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
        <TwoFactorSetupStep challenge={challenge.challenge} onSignedIn={signedIn} onRestart={restart} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
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
    </AuthCard>
  );
}
