import { TwoFactorSection } from '../features/auth/components/two-factor-section';
import { PreferredLanguage } from '../features/profile/components/preferred-language';
import { ProfilePage } from '../features/profile/components/profile-page';
import { useLanguageSetting } from './use-language-setting';

/**
 * The profile page with the account tab's two-factor sign-in (decision 071) and preferred language, when
 * internationalisation is on (decision 040).
 */
export function ProfileRoute() {
  const { enabled, languages, language, change } = useLanguageSetting();
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
