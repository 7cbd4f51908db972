import { Spinner } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { TwoFactorSection } from '../features/auth/components/two-factor-section';
import { PreferredLanguage } from '../features/profile/components/preferred-language';
import { ACCOUNT_PAGE_NS } from '../features/profile/utils/account-page-ns';
import { ProfilePage } from '../features/profile/components/profile-page';
import { useLanguageSetting } from './use-language-setting';

/**
 * The profile page with the account tab's two-factor sign-in (decision 071) and preferred language, when
 * internationalisation is on (decision 040).
 */
export function ProfileRoute() {
  const { enabled, languages, language, change } = useLanguageSetting();
  // The page's texts are a namespace of their own, fetched now (issue 25): nothing shows before they are here.
  const { ready } = useTranslation(ACCOUNT_PAGE_NS);
  if (!ready) return <Spinner />;
  return (
    <ProfilePage
      twoFactorSetting={<TwoFactorSection />}
      languageSetting={
        enabled ? (
          <PreferredLanguage
            languages={languages}
            language={language}
            onChange={(code) => void change(code as typeof language)}
          />
        ) : undefined
      }
    />
  );
}
