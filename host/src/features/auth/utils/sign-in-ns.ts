/**
 * The i18next namespace of the sign-in pages (sign in, single sign-on, forgot and reset password): fetched with those
 * pages, so the first load of a signed-in page does not carry their texts (issue 25).
 */
export const SIGN_IN_NS = 'signIn';

/** What the sign-in pages ask i18next for: their own namespace first, then the shell's. */
export const SIGN_IN_NAMESPACES = [SIGN_IN_NS, 'translation'] as const;
