import { ApiError } from '@crm/shared/api-client';
import { changePasswordInputSchema } from '@crm/shared/schemas';
import { Button, TextField, useToast } from '@crm/shared/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_NAMESPACES } from '../utils/account-page-ns';
import styled from 'styled-components';
import { changePassword } from '../api/change-password';
import { passwordStrength } from '../utils/password-strength';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const Form = styled.form`
  display: grid;
  gap: 1rem;
  max-width: 28rem;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Strength = styled.div`
  display: grid;
  gap: 0.25rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
  meter { width: 100%; height: 0.5rem; }
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.errorText};
`;

/** The first message of each field the zod schema or the server's 422 names. */
function errorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Account tab: the signed-in user changes their own password (current one required, strength meter, new one twice). */
export function ChangePasswordForm() {
  const { t } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  const toast = useToast();
  const strengthId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ current_password: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string>();
  const [pending, setPending] = useState(false);
  const strength = passwordStrength(values.password);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setGeneral(undefined);
    const parsed = changePasswordInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setPending(true);
    try {
      await changePassword(parsed.data);
      toast.success(t('profile.passwordChanged'));
      setValues({ current_password: '', password: '', password_confirmation: '' });
      setErrors({});
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        const fieldErrors = errorsOf(Object.entries(failure.errors).map(([field, messages]) => ({ path: [field], message: messages[0] })));
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) setGeneral(failure.message);
      } else if (failure instanceof ApiError && failure.status === 429) {
        setGeneral(t('profile.tooManyAttempts'));
      } else {
        console.error('Password change failed', failure);
        setGeneral(t('profile.changeFailed'));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${strengthId}-title`}>
      <Heading id={`${strengthId}-title`}>{t('profile.changePassword')}</Heading>
      <Hint>{t('profile.changePasswordHint')}</Hint>
      <TextField
        label={t('profile.currentPassword')}
        type="password"
        name="current_password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={set('current_password')}
        error={errors.current_password}
      />
      <TextField
        label={t('profile.newPassword')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Strength id={strengthId}>
        <meter min={0} max={4} low={2} high={3} optimum={4} value={strength} aria-label={t('profile.strengthLabel')} />
        <span aria-live="polite">
          {t('profile.strengthLabel')}: {t(`profile.strength${strength}`)}
        </span>
      </Strength>
      <TextField
        label={t('profile.confirmPassword')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={errors.password_confirmation}
      />
      {general ? <Alert role="alert">{general}</Alert> : null}
      <div>
        <Button type="submit" loading={pending}>
          {t('profile.savePassword')}
        </Button>
      </div>
    </Form>
  );
}
