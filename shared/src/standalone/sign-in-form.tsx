import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { api, ApiError, type FieldErrors, saveSession } from '@crm/shared/api-client';
import { loginInputSchema } from '@crm/shared/schemas';
import { sessionSchema } from '@crm/shared/schemas/mini';
import { Button, alpha, TextField, useUiText } from '@crm/shared/ui';

export interface SignInFormProps {
  /** The app's name, shown in the heading. */
  title: string;
  /** Called after the session has been saved. */
  onSignedIn?: () => void;
}

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  width: min(100%, 26rem);
  margin: 3rem auto;
  padding: 2rem;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.sizeXl};
  font-weight: 500;
`;

const Lead = styled.p`
  margin: -0.5rem 0 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FormError = styled.div`
  padding: 0.625rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.errorText};
  background: ${({ theme }) => alpha(theme.colors.error, 0.12)};
`;

/** Signs in against POST /api/auth/login and stores the session; 422 messages are shown per field. */
export function SignInForm({ title, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      const session = sessionSchema.parse(await api.post('/auth/login', input.data));
      saveSession(session);
      onSignedIn?.();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      // A 4xx carries the server's own answer; an unreachable server or a 5xx reads in the kit's language.
      else setFormError(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('standalone.signInFailed'));
    } finally {
      setBusy(false);
    }
  };

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
