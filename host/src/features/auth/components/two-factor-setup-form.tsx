import { ApiError, firstFieldError } from '@crm/shared/api-client';
import type { TwoFactorSetup } from '@crm/shared/schemas';
import { Button, TextField } from '@crm/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import styled from 'styled-components';
import { formFailureMessage } from '../utils/form-failure';
import { FormAlert } from './form-alert';

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

const Qr = styled.img`
  width: 12rem;
  height: 12rem;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
`;

const Secret = styled.code`
  display: block;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.hover};
  font-size: ${({ theme }) => theme.font.sizeSm};
  word-break: break-all;
  direction: ltr;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface TwoFactorSetupFormProps {
  setup: TwoFactorSetup;
  /** Sends the code; a rejected promise (422 on `code`, 429) shows its message here. */
  onConfirm: (code: string) => Promise<void>;
}

/** Scan the QR code (or type the secret) into an authenticator app, then confirm with the code it shows. */
export function TwoFactorSetupForm({ setup, onConfirm }: TwoFactorSetupFormProps) {
  const { t } = useTranslation([TWO_FACTOR_NS, 'translation']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onConfirm(code);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Two-factor set-up failed', failure);
      setError(failure);
      setPending(false);
    }
  }

  const general = formFailureMessage(error, ['code'], { tooManyAttempts: t('twoFactor:signInTooManyAttempts'), fallback: t('twoFactor:requestFailed') });
  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Hint>{t('twoFactor:scanHint')}</Hint>
      <Qr src={setup.qr_svg_data_url} alt={t('twoFactor:qrAlt')} />
      <Hint>{t('twoFactor:manualHint')}</Hint>
      <Secret aria-label={t('twoFactor:secretLabel')}>{setup.secret}</Secret>
      <TextField
        label={t('twoFactor:codeLabel')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={firstFieldError(error, 'code')}
      />
      {general ? <FormAlert>{general}</FormAlert> : null}
      <div>
        <Button type="submit" loading={pending}>
          {t('twoFactor:confirm')}
        </Button>
      </div>
    </Form>
  );
}
