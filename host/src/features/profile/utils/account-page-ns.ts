/**
 * The i18next namespace of the profile page (its tabs, the password form, sessions, API keys): fetched when the page
 * opens, so the first load of every other page does not carry its texts (issue 25, like the two-factor screens').
 */
export const ACCOUNT_PAGE_NS = 'accountPage';

/** What the page's components ask i18next for: their own namespace first, then the shell's. */
export const ACCOUNT_PAGE_NAMESPACES = [ACCOUNT_PAGE_NS, 'translation'] as const;
