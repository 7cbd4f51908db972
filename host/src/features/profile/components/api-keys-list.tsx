import { useAbility } from '@crm/shared/abilities/react';
import { API_KEY_EXPIRY_CHOICES, type AbilityRule, type ApiKey, PERMISSION_RULES } from '@crm/shared/schemas';
import { Button, Dialog, ErrorState, firstError, formatDateTime, Select, Spinner, TextField, toUiLanguage, useConfirm, useFormSubmit, useToast } from '@crm/shared/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_NAMESPACES } from '../utils/account-page-ns';
import styled from 'styled-components';
import useSWR from 'swr';
import { API_KEYS_KEY, createApiKey, getApiKeys, revokeApiKey } from '../api/api-keys';

const FORM_ID = 'api-key-form';

const Heading = styled.h2`
  margin: 0 0 0.25rem;
  font-size: ${({ theme }) => theme.font.sizeLg};
`;

const Hint = styled.p`
  margin: 0 0 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TableScroll = styled.div`
  overflow-x: auto;
  margin-bottom: 1rem;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 0.5rem; text-align: start; vertical-align: top; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 500; }
`;

const Code = styled.code`
  white-space: nowrap;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const Scopes = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: 0.5rem 1rem;
  legend {
    margin-bottom: 0.5rem;
    font-weight: 500;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const FieldError = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.errorText};
`;

const Secret = styled.code`
  display: block;
  margin-bottom: 0.75rem;
  padding: 0.75rem;
  border-radius: 0.375rem;
  background: ${({ theme }) => theme.colors.background};
  overflow-wrap: anywhere;
  user-select: all;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
`;

const scopeName = (rule: AbilityRule) => `${rule.action} ${rule.subject}`;

/** The abilities a key may be given: each permission the user holds now, except managing keys (docs/decisions/072). */
function useScopeChoices(): AbilityRule[] {
  const ability = useAbility();
  return PERMISSION_RULES.filter((rule) => rule.subject !== 'api-keys' && ability.can(rule.action, rule.subject));
}

interface CreateApiKeyDialogProps {
  onClose: () => void;
  onCreated: () => void;
}

/** Name, expiry and scopes; after saving, the key once, with a copy button, and never again. */
function CreateApiKeyDialog({ onClose, onCreated }: CreateApiKeyDialogProps) {
  const { t } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  const toast = useToast();
  const choices = useScopeChoices();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(90);
  const [scopes, setScopes] = useState<AbilityRule[]>([]);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const created = useRef<string | null>(null);

  const has = (rule: AbilityRule) => scopes.some((s) => scopeName(s) === scopeName(rule));
  const toggle = (rule: AbilityRule, on: boolean) =>
    setScopes((current) => (on ? [...current, rule] : current.filter((s) => scopeName(s) !== scopeName(rule))));

  const { errors, submitting, submit } = useFormSubmit({
    successMessage: t('apiKeys.created'),
    onSubmit: async () => {
      created.current = (await createApiKey({ name, expires_in_days: days, scopes })).key;
    },
    onDone: () => {
      setShownKey(created.current);
      onCreated();
    },
  });

  const scopeErrors = Object.entries(errors)
    .filter(([field]) => field === 'scopes' || field.startsWith('scopes.'))
    .flatMap(([, messages]) => messages);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shownKey ?? '');
      toast.success(t('apiKeys.copied'));
    } catch {
      toast.error(t('apiKeys.copyFailed'));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('apiKeys.createTitle')}
      maxWidth={640}
      footer={
        shownKey ? (
          <Footer>
            <Button onClick={onClose}>{t('apiKeys.done')}</Button>
          </Footer>
        ) : (
          <Footer>
            <Button variant="secondary" onClick={onClose}>
              {t('apiKeys.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={submitting}>
              {t('apiKeys.create')}
            </Button>
          </Footer>
        )
      }
    >
      {shownKey ? (
        <div>
          <p>{t('apiKeys.shownOnce')}</p>
          <Secret data-testid="api-key-secret">{shownKey}</Secret>
          <Button variant="secondary" onClick={() => void copy()}>
            {t('apiKeys.copy')}
          </Button>
        </div>
      ) : (
        <Form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
          <TextField label={t('apiKeys.name')} name="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} hint={t('apiKeys.nameHint')} autoFocus autoComplete="off" />
          <Select
            label={t('apiKeys.expiry')}
            options={API_KEY_EXPIRY_CHOICES.map((value) => ({ value, label: t('apiKeys.days', { count: value }) }))}
            value={days}
            onChange={(value) => setDays(value ?? 90)}
            error={errors.expires_in_days}
          />
          <Scopes>
            <legend>{t('apiKeys.scopes')}</legend>
            {choices.map((rule) => (
              <Check key={scopeName(rule)}>
                <input type="checkbox" checked={has(rule)} onChange={(event) => toggle(rule, event.target.checked)} />
                {scopeName(rule)}
              </Check>
            ))}
            {scopeErrors.length > 0 ? <FieldError role="alert">{firstError(scopeErrors)}</FieldError> : null}
          </Scopes>
        </Form>
      )}
    </Dialog>
  );
}

/** Account tab, with `manage api-keys`: the user's keys for integrations, created and revoked here. */
export function ApiKeysList() {
  const { t, i18n } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  const toast = useToast();
  const confirm = useConfirm();
  const { data, error, isLoading, mutate } = useSWR<ApiKey[]>(API_KEYS_KEY, getApiKeys);
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<number | null>(null);
  const date = (iso: string | null) => (iso ? formatDateTime(iso, toUiLanguage(i18n.language)) : t('account.never'));

  const revoke = async (key: ApiKey) => {
    if (!(await confirm(t('apiKeys.revokeConfirm', { name: key.name }), { confirmLabel: t('apiKeys.revoke'), cancelLabel: t('apiKeys.cancel') }))) return;
    setPending(key.id);
    try {
      await revokeApiKey(key.id);
      toast.success(t('apiKeys.revoked'));
      await mutate();
    } catch {
      toast.error(t('account.saveFailed'));
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="api-keys-title">
      <Heading id="api-keys-title">{t('apiKeys.title')}</Heading>
      <Hint>{t('apiKeys.hint')}</Hint>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <ErrorState title={t('apiKeys.loadFailed')} onRetry={() => void mutate()} />
      ) : (
        <>
          {data.length === 0 ? (
            <Hint>{t('apiKeys.none')}</Hint>
          ) : (
            <TableScroll>
              <Table>
                <thead>
                  <tr>
                    <th>{t('apiKeys.name')}</th>
                    <th>{t('apiKeys.prefix')}</th>
                    <th>{t('apiKeys.scopes')}</th>
                    <th>{t('apiKeys.expires')}</th>
                    <th>{t('apiKeys.lastUsed')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.map((key) => (
                    <tr key={key.id}>
                      <td>{key.name}</td>
                      <td>
                        <Code dir="ltr">{key.prefix}…</Code>
                      </td>
                      <td>{key.scopes.map(scopeName).join(', ')}</td>
                      <td>{date(key.expires_at)}</td>
                      <td>{key.last_used_at ? `${date(key.last_used_at)}, ${key.last_used_ip ?? ''}` : t('apiKeys.neverUsed')}</td>
                      <td>
                        <Button size="sm" variant="secondary" aria-label={`${t('apiKeys.revoke')}: ${key.name}`} loading={pending === key.id} onClick={() => void revoke(key)}>
                          {t('apiKeys.revoke')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
          <Button onClick={() => setCreating(true)}>{t('apiKeys.new')}</Button>
        </>
      )}
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} onCreated={() => void mutate()} /> : null}
    </section>
  );
}
