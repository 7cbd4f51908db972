/** A page of the app the search box and the shortcuts offer: the host builds them from its navigation. */
export interface SearchPage {
  /** Route name (a SHORTCUT_PAGES key where there is one). */
  key: string;
  to: string;
  label: string;
  /** i18n key of the name, so the search finds the page by its name in every language. */
  labelKey?: string;
}
