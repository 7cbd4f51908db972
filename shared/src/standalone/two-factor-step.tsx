import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, ApiError, type FieldErrors, saveSession } from '@crm/shared/api-client';
import { sessionAnswerSchema, type TwoFactorChallenge } from '@crm/shared/schemas/mini';
import { Button, TextField, useUiText } from '@crm/shared/ui';
import { FormError, Heading, Lead, Panel } from './sign-in-parts';

export interface TwoFactorStepProps {
  /** The app's name, shown under the heading. */
  title: string;
  challenge: TwoFactorChallenge;
  /** Called after the session has been saved. */
  onSignedIn?: () => void;
  /** Back to the email and password (the challenge expired, or another account). */
  onRestart: () => void;
}

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem;
`;

const Hint = styled.p`
  margin: 0;
`;

/**
 * The second step of a standalone sign-in (decision 071): a code from the app or a recovery code for
 * POST /api/auth/login/two-factor. A user whose role requires a second factor they have not set up yet is sent to
 * the app's own sign-in, where the set-up steps (QR code, recovery codes) live.
 */
export function TwoFactorStep({ title, challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const t = useUiText();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const heading = (
    <>
      <Heading id="standalone-sign-in-title">{t('standalone.twoFactorTitle')}</Heading>
      <Lead>{title}</Lead>
    </>
  );
  const restart = (
    <Button type="button" variant="text" size="sm" onClick={onRestart}>
      {t('standalone.backToSignIn')}
    </Button>
  );

  if (challenge.two_factor === 'setup') {
    return (
      <Panel noValidate aria-labelledby="standalone-sign-in-title" onSubmit={(event) => event.preventDefault()}>
        {heading}
        <FormError role="alert">{t('standalone.twoFactorSetupInApp')}</FormError>
        <Links>{restart}</Links>
      </Panel>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (code.trim() === '') {
      setErrors({ code: [t('standalone.codeRequired')] });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      saveSession(sessionAnswerSchema.parse(await api.post('/auth/login/two-factor', { challenge: challenge.challenge, code: code.trim() })));
      onSignedIn?.();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      if (fields.code?.length) setErrors({ code: fields.code });
      // An expired or used challenge names `challenge`: only a new password step helps.
      else if (fields.challenge?.length) setFormError(t('standalone.signInExpired'));
      else setFormError(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('standalone.signInFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel noValidate aria-labelledby="standalone-sign-in-title" onSubmit={(event) => void submit(event)}>
      {heading}
      <Hint>{recovery ? t('standalone.recoveryCodeHint') : t('standalone.codeHint')}</Hint>
      {formError ? <FormError role="alert">{formError}</FormError> : null}
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? t('standalone.recoveryCode') : t('standalone.appCode')}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
      />
      <Button type="submit" loading={busy}>
        {t('standalone.verify')}
      </Button>
      <Links>
        <Button
          type="button"
          variant="text"
          size="sm"
          onClick={() => {
            setRecovery((value) => !value);
            setCode('');
            setErrors({});
            setFormError(null);
          }}
        >
          {recovery ? t('standalone.useAppCode') : t('standalone.useRecoveryCode')}
        </Button>
        {restart}
      </Links>
    </Panel>
  );
}
