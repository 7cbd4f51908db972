import { ApiError, firstFieldError } from '@crm/shared/api-client';
import type { Session } from '@crm/shared/schemas/mini';
import { Button, TextField } from '@crm/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import styled from 'styled-components';
import { completeTwoFactorSignIn } from '../api/two-factor-sign-in';
import { formFailureMessage } from '../utils/form-failure';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';

const Links = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

export interface TwoFactorCodeStepProps {
  challenge: string;
  onSignedIn: (session: Session) => void;
  /** Back to the email and password (the challenge expired, or another account). */
  onRestart: () => void;
}

/** The sign-in's second step: the code from the authenticator app, or a recovery code. */
export function TwoFactorCodeStep({ challenge, onSignedIn, onRestart }: TwoFactorCodeStepProps) {
  const { t } = useTranslation([TWO_FACTOR_NS, 'translation']);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      onSignedIn(await completeTwoFactorSignIn(challenge, code));
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Two-factor sign-in failed', failure);
      setError(failure);
      setPending(false);
    }
  }

  const general = formFailureMessage(error, ['code'], { tooManyAttempts: t('twoFactor:signInTooManyAttempts'), fallback: t('twoFactor:signInFailed') });
  return (
    <FormStack noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? t('twoFactor:recoveryCodeLabel') : t('twoFactor:codeLabel')}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={firstFieldError(error, 'code')}
      />
      {general ? <FormAlert>{general}</FormAlert> : null}
      <Button type="submit" loading={pending}>
        {t('twoFactor:verify')}
      </Button>
      <Links>
        <Button
          type="button"
          variant="text"
          size="sm"
          onClick={() => {
            setRecovery((value) => !value);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? t('twoFactor:useAppCode') : t('twoFactor:useRecoveryCode')}
        </Button>
        <Button type="button" variant="text" size="sm" onClick={onRestart}>
          {t('twoFactor:backToLogin')}
        </Button>
      </Links>
    </FormStack>
  );
}
