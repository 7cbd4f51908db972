import { Card, ErrorState, PageHeader, Spinner } from '@crm/shared/ui';
import { Can } from '@crm/shared/abilities/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_NAMESPACES } from '../utils/account-page-ns';
import { useSearchParams } from '@crm/shared/router';
import styled from 'styled-components';
import { useMe } from '../api/get-me';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetails } from './profile-details';
import { SessionsList } from './sessions-list';
import { ApiKeysList } from './api-keys-list';
import { ProfileFields } from './profile-fields';

const PROFILE_TABS = ['profile', 'account'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

const Tabs = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-bottom: 1.5rem;
`;

const Tab = styled.button`
  padding: 0.5rem 1.25rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.primaryFill};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

export interface ProfilePageProps {
  /** The account tab's preferred-language control, when the shell offers a language choice (composed by the app). */
  languageSetting?: ReactNode;
  /** The account tab's two-factor sign-in section (composed by the app from the auth feature). */
  twoFactorSetting?: ReactNode;
}

/** The signed-in user as the server knows them, in two tabs (`?tab=profile|account`). */
export function ProfilePage({ languageSetting, twoFactorSetting }: ProfilePageProps = {}) {
  const { t } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = params.get('tab') === 'account' ? 'account' : 'profile';
  const { data, error, isLoading, mutate } = useMe();

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Tabs role="tablist">
        {PROFILE_TABS.map((value) => (
          <Tab
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls="profile-panel"
            onClick={() => setParams({ tab: value }, { replace: true })}
          >
            {value === 'profile' ? t('profile.tabProfile') : t('profile.tabAccount')}
          </Tab>
        ))}
      </Tabs>
      {tab === 'profile' ? (
        <Card id="profile-panel" role="tabpanel">
          <ProfileDetails />
        </Card>
      ) : (
        <>
          <Card id="profile-panel" role="tabpanel">
            {isLoading ? (
              <Spinner />
            ) : error || !data ? (
              <ErrorState title={t('profile.loadFailed')} message={error?.message} onRetry={() => void mutate()} />
            ) : (
              <ProfileFields>
                <dt>{t('profile.email')}</dt>
                <dd>{data.userData.email}</dd>
                <dt>{t('profile.abilities')}</dt>
                <dd>
                  {data.userAbilityRules.length ? (
                    <ul>
                      {data.userAbilityRules.map((rule) => (
                        <li key={`${rule.action}:${rule.subject}`}>
                          {rule.action} {rule.subject}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t('profile.noAbilities')
                  )}
                </dd>
              </ProfileFields>
            )}
          </Card>
          <Card style={{ marginTop: '1.5rem' }}>
            <ChangePasswordForm />
          </Card>
          {twoFactorSetting ? <Card style={{ marginTop: '1.5rem' }}>{twoFactorSetting}</Card> : null}
          {languageSetting ? <Card style={{ marginTop: '1.5rem' }}>{languageSetting}</Card> : null}
          <Card style={{ marginTop: '1.5rem' }}>
            <SessionsList />
          </Card>
          <Can I="manage" a="api-keys">
            <Card style={{ marginTop: '1.5rem' }}>
              <ApiKeysList />
            </Card>
          </Can>
        </>
      )}
    </>
  );
}
