import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { api, ApiError, type FieldErrors, saveSession } from '@crm/shared/api-client';
import { loginInputSchema } from '@crm/shared/schemas';
import { loginClientAnswerSchema, type TwoFactorChallenge } from '@crm/shared/schemas/mini';
import { Button, TextField, useUiText } from '@crm/shared/ui';
import { FormError, Heading, Lead, Panel } from './sign-in-parts';
import { TwoFactorStep } from './two-factor-step';

export interface SignInFormProps {
  /** The app's name, shown in the heading. */
  title: string;
  /** Called after the session has been saved. */
  onSignedIn?: () => void;
}

/**
 * Signs in against POST /api/auth/login and stores the session; 422 messages are shown per field. An account with
 * two-factor sign-in answers a challenge instead, and the code step follows (two-factor-step.tsx).
 */
export function SignInForm({ title, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const t = useUiText();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const input = loginInputSchema.safeParse({ email, password });
    if (!input.success) {
      // The schema's own messages are English; the form says which field is wrong in the kit's language.
      const fields = z.flattenError(input.error).fieldErrors;
      const next: FieldErrors = {};
      if (fields.email?.length) next.email = [t('standalone.invalidEmail')];
      if (fields.password?.length) next.password = [t('standalone.passwordRequired')];
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = loginClientAnswerSchema.parse(await api.post('/auth/login', input.data));
      if ('two_factor' in answer) {
        setPassword('');
        setChallenge(answer);
        return;
      }
      saveSession(answer);
      onSignedIn?.();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      // A 4xx carries the server's own answer; an unreachable server or a 5xx reads in the kit's language.
      else setFormError(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('standalone.signInFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return <TwoFactorStep title={title} challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />;
  }

  return (
    <Panel onSubmit={submit} noValidate aria-labelledby="standalone-sign-in-title">
      <Heading id="standalone-sign-in-title">{t('standalone.signInTitle')}</Heading>
      <Lead>{title}</Lead>
      {formError ? <FormError role="alert">{formError}</FormError> : null}
      <TextField
        label={t('standalone.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        autoFocus
      />
      <TextField
        label={t('standalone.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" loading={busy}>
        {t('standalone.signIn')}
      </Button>
    </Panel>
  );
}
