import { SSO_ERROR_CODES, type SsoErrorCode } from '@crm/shared/schemas/mini';

const KEY = 'crm-sso-return';

/** The login URL's query (`?to=…`) kept across the provider's pages, which know nothing of it. */
export function rememberSsoReturn(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage refused (private mode): the user lands on the start page instead.
  }
}

/** The remembered query, once. */
export function takeSsoReturn(): string {
  try {
    const search = sessionStorage.getItem(KEY) ?? '';
    sessionStorage.removeItem(KEY);
    return search;
  } catch {
    return '';
  }
}

/** What the callback left on the login URL: a one-time code or a refusal (an unknown code reads as `failed`). */
export function ssoLanding(search: string): { code?: string; error?: SsoErrorCode } {
  const params = new URLSearchParams(search);
  const code = params.get('sso') ?? undefined;
  const error = params.get('sso_error');
  if (error === null) return { code };
  return { error: (SSO_ERROR_CODES as readonly string[]).includes(error) ? (error as SsoErrorCode) : 'failed' };
}
