import { PreferredLanguage } from '../features/profile/components/preferred-language';
import { ProfilePage } from '../features/profile/components/profile-page';
import { useLanguageSetting } from './use-language-setting';

/** The profile page with the account tab's preferred language, when internationalisation is on (decision 040). */
export function ProfileRoute() {
  const { enabled, languages, language, change } = useLanguageSetting();
  return (
    <ProfilePage
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
