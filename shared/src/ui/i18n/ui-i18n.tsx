import i18next, { type TOptions } from 'i18next';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { UI_LANGUAGES, UI_NAMESPACE, uiResources, type UiLanguage, type UiResource } from './ui-resources';

/** A plural key's base: i18next picks `documents_one`, `_few`… from `documents` and the `count` option. */
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the `ui` namespace, e.g. 'table.rowsPerPage', or a plural's base, e.g. 'counts.documents'. */
export type UiKey = Leaves<UiResource>;
export type UiT = (key: UiKey, options?: TOptions) => string;

/**
 * The kit's own i18next instance: separate from the shell's, so the shell may switch languages while the remotes'
 * screens stay Russian. Resources are bundled and initialisation is synchronous.
 */
export const uiI18n = i18next.createInstance();
void uiI18n.init({
  resources: uiResources,
  lng: 'ru',
  fallbackLng: 'en',
  supportedLngs: [...UI_LANGUAGES],
  ns: [UI_NAMESPACE],
  defaultNS: UI_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * Adds a language's kit texts loaded on demand (the host adds French or Arabic with its own locale chunk); until then
 * that language reads English.
 */
export function addUiLanguage(lng: UiLanguage, resource: UiResource): void {
  uiI18n.addResourceBundle(lng, UI_NAMESPACE, resource, true, true);
}

/** The kit's language for the subtree: 'ru' unless a provider says otherwise (the lead/document/admin screens). */
const UiLanguageContext = createContext<UiLanguage>('ru');
UiLanguageContext.displayName = 'UiLanguageContext';

export function toUiLanguage(code: string | undefined): UiLanguage {
  const base = (code ?? '').split('-')[0];
  return (UI_LANGUAGES as readonly string[]).includes(base) ? (base as UiLanguage) : 'en';
}

export interface UiLanguageProviderProps {
  /** Any i18n code; a language the kit has no texts for reads English. */
  lng: string;
  children?: ReactNode;
}

/** Sets the language of the kit and the editor below it (the host: the shell's language; remote screens: 'ru'). */
export function UiLanguageProvider({ lng, children }: UiLanguageProviderProps) {
  return <UiLanguageContext.Provider value={toUiLanguage(lng)}>{children}</UiLanguageContext.Provider>;
}

export function uiText(lng: UiLanguage): UiT {
  const t = uiI18n.getFixedT(lng, UI_NAMESPACE) as unknown as (key: string, options?: TOptions) => unknown;
  return (key, options) => String(t(key, options));
}

/** The kit's translate function for the current subtree's language. */
export function useUiText(): UiT {
  const lng = useContext(UiLanguageContext);
  return useMemo(() => uiText(lng), [lng]);
}

export function useUiLanguage(): UiLanguage {
  return useContext(UiLanguageContext);
}
