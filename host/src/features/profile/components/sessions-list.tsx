import { Button, ErrorState, formatDateTime, Spinner, toUiLanguage, useToast } from '@crm/shared/ui';
import type { AccountSession } from '@crm/shared/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_NAMESPACES } from '../utils/account-page-ns';
import styled from 'styled-components';
import useSWR from 'swr';
import { getSessions, revokeOtherSessions, revokeSession, SESSIONS_KEY } from '../api/account';

const Heading = styled.h2`
  margin: 0 0 0.25rem;
  font-size: ${({ theme }) => theme.font.sizeLg};
`;

const Hint = styled.p`
  margin: 0 0 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: 1rem;
  th, td { padding: 0.5rem; text-align: start; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 500; }
`;

const Badge = styled.span`
  margin-inline-start: 0.5rem;
  padding: 0.125rem 0.5rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** Account tab: where the user is signed in, with "sign out everywhere else" and per-session sign-out. */
export function SessionsList() {
  const { t, i18n } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  const toast = useToast();
  const { data, error, isLoading, mutate } = useSWR<AccountSession[]>(SESSIONS_KEY, getSessions);
  const [pending, setPending] = useState<number | 'others' | null>(null);
  const date = (iso: string | null) =>
    iso ? formatDateTime(iso, toUiLanguage(i18n.language)) : t('account.never');

  const run = async (key: number | 'others', action: () => Promise<string>) => {
    setPending(key);
    try {
      toast.success(await action());
      await mutate();
    } catch {
      toast.error(t('account.saveFailed'));
    } finally {
      setPending(null);
    }
  };

  const others = (data ?? []).filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-title">
      <Heading id="sessions-title">{t('account.sessions')}</Heading>
      <Hint>{t('account.sessionsHint')}</Hint>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <ErrorState title={t('account.sessionsFailed')} onRetry={() => void mutate()} />
      ) : (
        <>
          <Table>
            <thead>
              <tr>
                <th>{t('account.device')}</th>
                <th>{t('account.ip')}</th>
                <th>{t('account.created')}</th>
                <th>{t('account.lastUsed')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.map((session) => (
                <tr key={session.id}>
                  <td>
                    {session.device}
                    {session.current ? <Badge>{t('account.thisDevice')}</Badge> : null}
                  </td>
                  <td>{session.ip ?? t('account.never')}</td>
                  <td>{date(session.created_at)}</td>
                  <td>{date(session.last_used_at)}</td>
                  <td>
                    {session.current ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${t('account.signOutSession')}: ${session.device}`}
                        loading={pending === session.id}
                        onClick={() =>
                          void run(session.id, async () => {
                            await revokeSession(session.id);
                            return t('account.sessionSignedOut');
                          })
                        }
                      >
                        {t('account.signOutSession')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Button
            variant="danger"
            disabled={others === 0}
            loading={pending === 'others'}
            onClick={() => void run('others', async () => t('account.othersSignedOut', { count: await revokeOtherSessions() }))}
          >
            {t('account.signOutOthers')}
          </Button>
        </>
      )}
    </section>
  );
}
