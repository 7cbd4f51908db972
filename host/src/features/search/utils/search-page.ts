/** A page of the app the search box and the shortcuts offer: the host builds them from its navigation. */
export interface SearchPage {
  /** Route name (a SHORTCUT_PAGES key where there is one). */
  key: string;
  to: string;
  label: string;
}
