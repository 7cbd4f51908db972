import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';

/** POST /api/auth/logout revokes the token on the server. */
export function logout(): Promise<MessageAnswer> {
  return api.post<MessageAnswer>('/auth/logout');
}
