import { ApiError, errorMessage, firstFieldError, type ErrorTextLanguage } from '@crm/shared/api-client';
import { ERROR_CODE } from '@crm/shared/schemas/mini';
import { Button, TextField } from '@crm/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_NAMESPACES } from '../utils/sign-in-ns';
import { Link } from '@crm/shared/router';
import { forgotPassword } from '../api/forgot-password';
import { formFailureMessage } from '../utils/form-failure';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';

/** Asks for a reset link. The confirmation never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation(SIGN_IN_NAMESPACES);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await forgotPassword({ email });
      setSent(true);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Reset request failed', failure);
      setError(failure);
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <AuthCard title={t('auth.forgotTitle')}>
        <FormStack as="div">
          <p role="status" style={{ margin: 0 }}>
            {t('auth.forgotDone')}
          </p>
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </FormStack>
      </AuthCard>
    );
  }

  // With password sign-in off (decision 073) only the break-glass Admins may reset; the others are told why.
  const general =
    error instanceof ApiError && error.code === ERROR_CODE.PASSWORD_SIGN_IN_OFF
      ? errorMessage(error, i18n.language as ErrorTextLanguage)
      : formFailureMessage(error, ['email'], { tooManyAttempts: t('auth.tooManyAttempts'), fallback: t('auth.requestFailed') });

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')}>
      <FormStack noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={firstFieldError(error, 'email')}
        />
        {general ? <FormAlert>{general}</FormAlert> : null}
        <Button type="submit" loading={pending}>
          {t('auth.sendLink')}
        </Button>
        <Link to="/login" style={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </FormStack>
    </AuthCard>
  );
}
