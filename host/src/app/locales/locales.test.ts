import { uiResources } from '@crm/shared/ui';
import { uiAr } from '@crm/shared/ui/locales/ar';
import { uiFr } from '@crm/shared/ui/locales/fr';
import { ar } from './ar';
import { en } from './en';
import { fr } from './fr';
import { ru } from './ru';
import { accountPageAr } from './account-page/ar';
import { accountPageEn } from './account-page/en';
import { accountPageFr } from './account-page/fr';
import { accountPageRu } from './account-page/ru';
import { customizerAr } from './customizer/ar';
import { customizerEn } from './customizer/en';
import { customizerFr } from './customizer/fr';
import { customizerRu } from './customizer/ru';
import { signInAr } from './sign-in/ar';
import { signInEn } from './sign-in/en';
import { signInFr } from './sign-in/fr';
import { signInRu } from './sign-in/ru';
import { twoFactorAr } from './two-factor/ar';
import { twoFactorEn } from './two-factor/en';
import { twoFactorFr } from './two-factor/fr';
import { twoFactorRu } from './two-factor/ru';

/** Every leaf as 'group.key' → text. */
function leaves(value: object, prefix = ''): Map<string, unknown> {
  return new Map(
    Object.entries(value).flatMap(([key, child]) =>
      child !== null && typeof child === 'object' ? [...leaves(child as object, `${prefix}${key}.`)] : [[`${prefix}${key}`, child]],
    ),
  );
}

function missingIn(reference: object, locale: object): string[] {
  const have = leaves(locale);
  return [...leaves(reference).keys()].filter((key) => {
    const text = have.get(key);
    return typeof text !== 'string' || text.trim() === '';
  });
}

function extraIn(reference: object, locale: object): string[] {
  const want = leaves(reference);
  return [...leaves(locale).keys()].filter((key) => !want.has(key));
}

const SHELL = { en, fr, ar, ru };

test.each(Object.entries(SHELL))('the shell locale %s has a text for every key and no stray one', (_code, locale) => {
  expect(missingIn(en, locale)).toEqual([]);
  expect(extraIn(en, locale)).toEqual([]);
});

const UI = { ru: uiResources.ru.ui, en: uiResources.en.ui, fr: uiFr, ar: uiAr };

test.each(Object.entries(UI))('the shared ui namespace in %s has a text for every key and no stray one', (_code, ui) => {
  for (const other of Object.values(UI)) expect(missingIn(other, ui)).toEqual([]);
  expect(extraIn(UI.en, ui)).toEqual([]);
});

/** Texts that read the same in every language: the spec's error texts, the product name, interpolation-only strings. */
const SAME_EVERYWHERE = new Set(['common.appTitle', 'layout.footer', 'misc.notAuthorizedTitle', 'misc.notFoundTitle', 'misc.serverErrorTitle']);

/** Words spelt the same in English and that language. */
const SAME_WORD: Record<string, string[]> = { fr: ['nav.documents', 'nav.permissions', 'notifications.title', 'nav.groupAdministration', 'layout.version', 'search.pages', 'search.documents', 'nav.remotes', 'nav.webhooks'], ar: [], ru: [] };

test.each(Object.entries({ fr, ar, ru }))('the shell locale %s is translated, not copied from English', (code, locale) => {
  const english = leaves(en);
  const copied = [...leaves(locale)]
    .filter(([key, text]) => !SAME_EVERYWHERE.has(key) && !SAME_WORD[code].includes(key) && text === english.get(key))
    .map(([key]) => key);
  expect(copied).toEqual([]);
});

test('the check notices a missing key', () => {
  const { signOut: _dropped, ...layout } = ru.layout;
  expect(missingIn(en, { ...ru, layout })).toEqual(['layout.signOut']);
});

const TWO_FACTOR = { en: twoFactorEn, fr: twoFactorFr, ar: twoFactorAr, ru: twoFactorRu };

test.each(Object.entries(TWO_FACTOR))('the twoFactor namespace in %s has a text for every key and no stray one', (_code, locale) => {
  expect(missingIn(twoFactorEn, locale)).toEqual([]);
  expect(extraIn(twoFactorEn, locale)).toEqual([]);
});

const ACCOUNT_PAGE = { en: accountPageEn, fr: accountPageFr, ar: accountPageAr, ru: accountPageRu };

test.each(Object.entries(ACCOUNT_PAGE))('the accountPage namespace in %s has a text for every key and no stray one', (_code, locale) => {
  expect(missingIn(accountPageEn, locale)).toEqual([]);
  expect(extraIn(accountPageEn, locale)).toEqual([]);
});

/** Account page texts that read the same in that language as in English. */
const SAME_IN_ACCOUNT_PAGE: Record<string, string[]> = { fr: ['account.never', 'account.avatar'], ar: ['account.never'], ru: ['account.never'] };

test.each(Object.entries({ fr: accountPageFr, ar: accountPageAr, ru: accountPageRu }))('the accountPage namespace in %s is translated, not copied from English', (code, locale) => {
  const english = leaves(accountPageEn);
  const copied = [...leaves(locale)].filter(([key, text]) => !SAME_IN_ACCOUNT_PAGE[code].includes(key) && text === english.get(key)).map(([key]) => key);
  expect(copied).toEqual([]);
});

const SIGN_IN = { en: signInEn, fr: signInFr, ar: signInAr, ru: signInRu };

test.each(Object.entries(SIGN_IN))('the signIn namespace in %s has a text for every key and no stray one', (_code, locale) => {
  expect(missingIn(signInEn, locale)).toEqual([]);
  expect(extraIn(signInEn, locale)).toEqual([]);
});

test.each(Object.entries({ fr: signInFr, ar: signInAr, ru: signInRu }))('the signIn namespace in %s is translated, not copied from English', (_code, locale) => {
  const english = leaves(signInEn);
  expect([...leaves(locale)].filter(([key, text]) => text === english.get(key)).map(([key]) => key)).toEqual([]);
});

const CUSTOMIZER = { en: customizerEn, fr: customizerFr, ar: customizerAr, ru: customizerRu };

test.each(Object.entries(CUSTOMIZER))('the customizer namespace in %s has a text for every key and no stray one', (_code, locale) => {
  expect(missingIn(customizerEn, locale)).toEqual([]);
  expect(extraIn(customizerEn, locale)).toEqual([]);
});

/** Customizer texts spelt the same in that language as in English. */
const SAME_IN_CUSTOMIZER: Record<string, string[]> = { fr: ['customizer.navigation'], ar: [], ru: [] };

test.each(Object.entries({ fr: customizerFr, ar: customizerAr, ru: customizerRu }))('the customizer namespace in %s is translated, not copied from English', (code, locale) => {
  const english = leaves(customizerEn);
  const copied = [...leaves(locale)].filter(([key, text]) => !SAME_IN_CUSTOMIZER[code].includes(key) && text === english.get(key)).map(([key]) => key);
  expect(copied).toEqual([]);
});
