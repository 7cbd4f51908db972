import { ApiError, firstFieldError } from '@crm/shared/api-client';
import type { TwoFactorSetup } from '@crm/shared/schemas';
import { Button, ErrorState, formatDateTime, Spinner, TextField, toUiLanguage, useToast } from '@crm/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import styled from 'styled-components';
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor, regenerateRecoveryCodes, useTwoFactorStatus } from '../api/two-factor';
import { formFailureMessage } from '../utils/form-failure';
import { FormAlert } from './form-alert';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorSetupForm } from './two-factor-setup-form';

const Section = styled.section`
  display: grid;
  gap: 1rem;
  max-width: 28rem;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: 1rem;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: grid;
  gap: 0.75rem;
`;

/** A small form of the section: its fields, a submit button, the field and general errors of the server's answer. */
function useSectionForm<F extends string>(fields: readonly F[], send: (values: Record<F, string>) => Promise<void>) {
  const { t } = useTranslation([TWO_FACTOR_NS, 'translation']);
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await send(values);
      setValues(Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Two-factor change failed', failure);
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: firstFieldError(error, name),
  });
  const general = formFailureMessage(error, fields, { tooManyAttempts: t('twoFactor:tooManyAttempts'), fallback: t('twoFactor:saveFailed') });
  return { submit, field, pending, general };
}

/**
 * Account tab: "Двухфакторная аутентификация". Set up with a QR code and a code, keep the recovery codes (shown once),
 * get new ones with a code, turn it off with the password and a code (not while the role requires it).
 */
export function TwoFactorSection() {
  const { t, i18n, ready } = useTranslation([TWO_FACTOR_NS, 'translation']);
  const toast = useToast();
  const { data, error, isLoading, mutate } = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const regenerate = useSectionForm(['code'] as const, async ({ code }) => {
    setCodes(await regenerateRecoveryCodes(code));
    await mutate();
  });
  const disable = useSectionForm(['password', 'code'] as const, async (values) => {
    await disableTwoFactor(values);
    toast.success(t('twoFactor:disabled'));
    await mutate();
  });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await beginTwoFactorSetup());
    } catch {
      toast.error(t('twoFactor:saveFailed'));
    } finally {
      setStarting(false);
    }
  };

  let body;
  if (!ready) return <Spinner />;
  if (codes) {
    body = <RecoveryCodesPanel codes={codes} doneLabel={t('twoFactor:done')} onDone={() => setCodes(null)} />;
  } else if (isLoading) {
    body = <Spinner />;
  } else if (error || !data) {
    body = <ErrorState title={t('twoFactor:loadFailed')} message={error?.message} onRetry={() => void mutate()} />;
  } else if (!data.enabled && setup) {
    body = (
      <TwoFactorSetupForm
        setup={setup}
        onConfirm={async (code) => {
          const fresh = await confirmTwoFactorSetup(code);
          setSetup(null);
          setCodes(fresh);
          toast.success(t('twoFactor:enabled'));
          await mutate();
        }}
      />
    );
  } else if (!data.enabled) {
    body = (
      <>
        <Hint>{data.required ? t('twoFactor:requiredHint') : t('twoFactor:offHint')}</Hint>
        <div>
          <Button type="button" loading={starting} onClick={() => void start()}>
            {t('twoFactor:setUp')}
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <Hint>
          {t('twoFactor:onSince', { date: data.enabled_at ? formatDateTime(data.enabled_at, toUiLanguage(i18n.language)) : '' })}{' '}
          {t('twoFactor:codesLeft', { count: data.recovery_codes_left })}
        </Hint>
        <Form noValidate onSubmit={(event) => void regenerate.submit(event)} aria-labelledby="two-factor-regenerate">
          <SubHeading id="two-factor-regenerate">{t('twoFactor:regenerateTitle')}</SubHeading>
          <Hint>{t('twoFactor:regenerateHint')}</Hint>
          <TextField label={t('twoFactor:codeLabel')} inputMode="numeric" autoComplete="one-time-code" {...regenerate.field('code')} />
          {regenerate.general ? <FormAlert>{regenerate.general}</FormAlert> : null}
          <div>
            <Button type="submit" variant="secondary" loading={regenerate.pending}>
              {t('twoFactor:regenerate')}
            </Button>
          </div>
        </Form>
        {data.required ? (
          <Hint>{t('twoFactor:requiredCannotDisable')}</Hint>
        ) : (
          <Form noValidate onSubmit={(event) => void disable.submit(event)} aria-labelledby="two-factor-disable">
            <SubHeading id="two-factor-disable">{t('twoFactor:disableTitle')}</SubHeading>
            <TextField label={t('twoFactor:password')} type="password" autoComplete="current-password" {...disable.field('password')} />
            <TextField label={t('twoFactor:codeOrRecoveryLabel')} autoComplete="one-time-code" {...disable.field('code')} />
            {disable.general ? <FormAlert>{disable.general}</FormAlert> : null}
            <div>
              <Button type="submit" variant="danger" loading={disable.pending}>
                {t('twoFactor:disable')}
              </Button>
            </div>
          </Form>
        )}
      </>
    );
  }

  return (
    <Section aria-labelledby="two-factor-title">
      <Heading id="two-factor-title">{t('twoFactor:title')}</Heading>
      {body}
    </Section>
  );
}
