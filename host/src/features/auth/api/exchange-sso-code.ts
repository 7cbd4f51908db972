import { api } from '@crm/shared/api-client';
import type { SsoExchangeInput } from '@crm/shared/schemas';
import { sessionAnswerSchema, type Session } from '@crm/shared/schemas/mini';

/** Where the single sign-on button sends the browser (a full navigation: the provider's page comes next). */
export const SSO_START_URL = '/api/auth/oidc/start';

/** POST /api/auth/oidc/exchange: the one-time code the callback left on the login URL becomes a session (once). */
export async function exchangeSsoCode(input: SsoExchangeInput): Promise<Session> {
  return sessionAnswerSchema.parse(await api.post<unknown>('/auth/oidc/exchange', input));
}
