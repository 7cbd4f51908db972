import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addErrorTexts } from '@crm/shared/api-client';
import { addUiLanguage } from '@crm/shared/ui';
import { cookieName, isPreferenceStored, readPreferences } from '../features/layout/utils/preferences';
import { getWebConfig } from '../features/web-config/api/get-web-config';
import { en, type Translation } from './locales/en';
import type { AccountPageTranslation } from './locales/account-page/en';
import type { CustomizerTranslation } from './locales/customizer/en';
import type { SignInTranslation } from './locales/sign-in/en';
import type { TwoFactorTranslation } from './locales/two-factor/en';
import { TWO_FACTOR_NS } from '../features/auth/utils/two-factor-ns';
import { ACCOUNT_PAGE_NS } from '../features/profile/utils/account-page-ns';
import { SIGN_IN_NS } from '../features/auth/utils/sign-in-ns';
import { CUSTOMIZER_NS } from '../features/layout/utils/customizer-ns';

/**
 * The spec's language configuration entries: an i18n code and whether the script runs right to left. The spec names
 * en, fr and ar; Russian is added because the lead, document and admin screens are Russian (docs/decisions/040).
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', isRTL: false },
  { code: 'fr', label: 'Français', isRTL: false },
  { code: 'ar', label: 'العربية', isRTL: true },
  { code: 'ru', label: 'Русский', isRTL: false },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** Preferences carry the app title as prefix. */
export const LANGUAGE_COOKIE = cookieName('language');
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

export function isLanguage(code: string | null | undefined): code is LanguageCode {
  return LANGUAGES.some((l) => l.code === code);
}

/**
 * The stored language (the stored setting is the default), English when none or an unknown one is stored. Storing
 * a change and applying it to `<html lang dir>` is the layout's PreferencesProvider's job (docs/decisions/039).
 */
export function readLanguageCookie(): LanguageCode {
  const code = readPreferences().language;
  return isLanguage(code) ? code : FALLBACK_LANGUAGE;
}

/**
 * English is the default and the fallback, so it is in the main bundle; every other locale is its own chunk, fetched
 * by i18next when that language is first asked for (at start when stored, else on switch). French and Arabic bring the
 * kit's texts along (the kit bundles Russian and English itself, for the remote screens).
 */
const LAZY_LOCALES: Record<Exclude<LanguageCode, 'en'>, () => Promise<Translation>> = {
  fr: async () => {
    const [{ fr }, { uiFr, errorTextsFr }] = await Promise.all([
      import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
      import(/* webpackChunkName: "locale-fr" */ '@crm/shared/ui/locales/fr'),
    ]);
    addUiLanguage('fr', uiFr);
    addErrorTexts('fr', errorTextsFr);
    return fr;
  },
  ar: async () => {
    const [{ ar }, { uiAr, errorTextsAr }] = await Promise.all([
      import(/* webpackChunkName: "locale-ar" */ './locales/ar'),
      import(/* webpackChunkName: "locale-ar" */ '@crm/shared/ui/locales/ar'),
    ]);
    addUiLanguage('ar', uiAr);
    addErrorTexts('ar', errorTextsAr);
    return ar;
  },
  ru: () => import(/* webpackChunkName: "locale-ru" */ './locales/ru').then((m) => m.ru),
};

/** The two-factor screens' namespace: in every language a chunk of its own, English too (docs/decisions/071). */
const TWO_FACTOR_LOCALES: Record<LanguageCode, () => Promise<TwoFactorTranslation>> = {
  en: () => import(/* webpackChunkName: "two-factor-en" */ './locales/two-factor/en').then((m) => m.twoFactorEn),
  fr: () => import(/* webpackChunkName: "two-factor-fr" */ './locales/two-factor/fr').then((m) => m.twoFactorFr),
  ar: () => import(/* webpackChunkName: "two-factor-ar" */ './locales/two-factor/ar').then((m) => m.twoFactorAr),
  ru: () => import(/* webpackChunkName: "two-factor-ru" */ './locales/two-factor/ru').then((m) => m.twoFactorRu),
};

/** The profile page's namespace: in every language a chunk of its own, English too (issue 25). */
const ACCOUNT_PAGE_LOCALES: Record<LanguageCode, () => Promise<AccountPageTranslation>> = {
  en: () => import(/* webpackChunkName: "account-page-en" */ './locales/account-page/en').then((m) => m.accountPageEn),
  fr: () => import(/* webpackChunkName: "account-page-fr" */ './locales/account-page/fr').then((m) => m.accountPageFr),
  ar: () => import(/* webpackChunkName: "account-page-ar" */ './locales/account-page/ar').then((m) => m.accountPageAr),
  ru: () => import(/* webpackChunkName: "account-page-ru" */ './locales/account-page/ru').then((m) => m.accountPageRu),
};

/** The sign-in pages' namespace: English in the login page's chunk (no request of its own), the rest one each. */
const SIGN_IN_LOCALES: Record<LanguageCode, () => Promise<SignInTranslation>> = {
  en: () => import(/* webpackChunkName: "login-page" */ './locales/sign-in/en').then((m) => m.signInEn),
  fr: () => import(/* webpackChunkName: "sign-in-fr" */ './locales/sign-in/fr').then((m) => m.signInFr),
  ar: () => import(/* webpackChunkName: "sign-in-ar" */ './locales/sign-in/ar').then((m) => m.signInAr),
  ru: () => import(/* webpackChunkName: "sign-in-ru" */ './locales/sign-in/ru').then((m) => m.signInRu),
};

/** The layout customizer's namespace: English in the panel's own chunk, the rest one each. */
const CUSTOMIZER_LOCALES: Record<LanguageCode, () => Promise<CustomizerTranslation>> = {
  en: () => import(/* webpackChunkName: "customizer" */ './locales/customizer/en').then((m) => m.customizerEn),
  fr: () => import(/* webpackChunkName: "customizer-fr" */ './locales/customizer/fr').then((m) => m.customizerFr),
  ar: () => import(/* webpackChunkName: "customizer-ar" */ './locales/customizer/ar').then((m) => m.customizerAr),
  ru: () => import(/* webpackChunkName: "customizer-ru" */ './locales/customizer/ru').then((m) => m.customizerRu),
};

/** The namespaces fetched with their screens; the shell's own ('translation') is LAZY_LOCALES. */
const SCREEN_LOCALES: Record<string, Record<LanguageCode, () => Promise<object>>> = {
  [TWO_FACTOR_NS]: TWO_FACTOR_LOCALES,
  [ACCOUNT_PAGE_NS]: ACCOUNT_PAGE_LOCALES,
  [SIGN_IN_NS]: SIGN_IN_LOCALES,
  [CUSTOMIZER_NS]: CUSTOMIZER_LOCALES,
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loaders: Record<string, (() => Promise<object>) | undefined> = SCREEN_LOCALES[namespace] ?? LAZY_LOCALES;
    const load = loaders[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resource) => callback(null, resource),
      (error: Error) => callback(error, false),
    );
  },
};

/** The language a user chose (the cookie), or none: then the deployment's DEFAULT_LANGUAGE applies (decision 067). */
const storedLanguage = isPreferenceStored('language') ? readLanguageCookie() : undefined;

// English needs nothing loaded, so initialisation is synchronous and the first render has its texts.
void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    ns: ['translation'],
    defaultNS: 'translation',
    // A screen reading its own namespace first (twoFactor) still finds the shell's texts.
    fallbackNS: 'translation',
    partialBundledLanguages: true,
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });

/**
 * Resolves when the shell may render, once the server's web config has answered: a stored language is used only when
 * the server has internationalisation on; otherwise, or with nothing stored, the deployment's DEFAULT_LANGUAGE
 * (English unless set). That language's chunk is fetched first, so the first paint is already in it. A failure
 * leaves the shell English.
 */
export const i18nReady: Promise<void> = Promise.all([
  getWebConfig(),
  storedLanguage && storedLanguage !== FALLBACK_LANGUAGE ? i18n.loadLanguages(storedLanguage) : undefined,
])
  .then(async ([{ i18nEnabled, defaultLanguage }]) => {
    const language = i18nEnabled && storedLanguage ? storedLanguage : defaultLanguage;
    if (isLanguage(language) && language !== FALLBACK_LANGUAGE) await i18n.changeLanguage(language);
  })
  .catch(() => undefined);

export { i18n };
