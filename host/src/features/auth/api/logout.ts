import { api } from '@crm/shared/api-client';

/** POST /api/auth/logout revokes the token on the server. */
export function logout(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/logout');
}
