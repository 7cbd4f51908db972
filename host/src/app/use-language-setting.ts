import { useTranslation } from 'react-i18next';
import { useWebConfig } from '../features/web-config/api/get-web-config';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type LanguageCode } from './i18n';

export interface LanguageSetting {
  /** False while the server has internationalisation off: then offer no choice. */
  enabled: boolean;
  language: LanguageCode;
  languages: typeof LANGUAGES;
  /** The same call the top bar's switcher makes; the layout stores it and applies <html lang dir>. */
  change: (code: LanguageCode) => Promise<void>;
}

/** For a "preferred language" control, e.g. on the account page: what the top bar's switcher offers, as a hook. */
export function useLanguageSetting(): LanguageSetting {
  const { i18n } = useTranslation();
  const { i18nEnabled } = useWebConfig();
  return {
    enabled: i18nEnabled,
    language: isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE,
    languages: LANGUAGES,
    change: async (code) => {
      await i18n.changeLanguage(code);
    },
  };
}
