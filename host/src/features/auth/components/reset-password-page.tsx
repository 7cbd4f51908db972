import { ApiError, firstFieldError } from '@crm/shared/api-client';
import { Button, TextField, useToast } from '@crm/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_NAMESPACES } from '../utils/sign-in-ns';
import { Link, useNavigate, useSearchParams } from '@crm/shared/router';
import { resetPassword } from '../api/reset-password';
import { formFailureMessage } from '../utils/form-failure';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';

/** Opened from the mailed link, which carries `token` and `email` in its query. */
export function ResetPasswordPage() {
  const { t } = useTranslation(SIGN_IN_NAMESPACES);
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  if (!token || !email) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <FormStack as="div">
          <FormAlert>{t('auth.resetLinkIncomplete')}</FormAlert>
          <Link to="/forgot-password">{t('auth.forgotPasswordLink')}</Link>
        </FormStack>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await resetPassword({ email, token, password, password_confirmation: confirmation });
      toast.success(t('auth.resetDone'));
      navigate('/login', { replace: true });
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Password reset failed', failure);
      setError(failure);
      setPending(false);
    }
  }

  const general = formFailureMessage(error, ['password', 'password_confirmation'], {
    tooManyAttempts: t('auth.tooManyAttempts'),
    fallback: t('auth.requestFailed'),
  });

  return (
    <AuthCard title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle', { email })}>
      <FormStack noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.newPassword')}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={firstFieldError(error, 'password')}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={firstFieldError(error, 'password_confirmation')}
        />
        {general ? <FormAlert>{general}</FormAlert> : null}
        <Button type="submit" loading={pending}>
          {t('auth.setPassword')}
        </Button>
        <Link to="/login" style={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </FormStack>
    </AuthCard>
  );
}
