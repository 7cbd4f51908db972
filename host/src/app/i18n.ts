import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './locales/ar';
import { en } from './locales/en';
import { fr } from './locales/fr';

/** §3 language configuration entries: an i18n code and whether the script runs right to left. */
export const LANGUAGES = [
  { code: 'en', label: 'English', isRTL: false },
  { code: 'fr', label: 'Français', isRTL: false },
  { code: 'ar', label: 'العربية', isRTL: true },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * §1: "Language switching is configured but internationalisation is disabled by default". Everything below is
 * wired (resources, stored language, <html lang/dir>); the switcher in the top bar stays hidden until this is true.
 */
export const I18N_ENABLED = false;

/** Preferences carry the app title as prefix (§3). */
export const LANGUAGE_STORAGE_KEY = 'CRM-language';
const FALLBACK: LanguageCode = 'en';

function isLanguage(code: string | null): code is LanguageCode {
  return LANGUAGES.some((l) => l.code === code);
}

function storedLanguage(): LanguageCode {
  try {
    const code = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(code) ? code : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** §4: a language change sets the document language, right-to-left when flagged, and stores the choice. */
function applyLanguage(code: string): void {
  const language = LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.isRTL ? 'rtl' : 'ltr';
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code);
  } catch {
    // Private mode or full storage: the choice just does not survive a reload.
  }
}

i18n.on('languageChanged', applyLanguage);

// Resources are bundled and initialisation is synchronous, so the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr }, ar: { translation: ar } },
  lng: storedLanguage(),
  fallbackLng: FALLBACK,
  supportedLngs: LANGUAGES.map((l) => l.code),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export { i18n };
