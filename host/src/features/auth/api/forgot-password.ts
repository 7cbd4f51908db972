import { api } from '@crm/shared/api-client';
import type { ForgotPasswordInput } from '@crm/shared/schemas';

/** POST /api/auth/forgot-password answers the same whether or not the address exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', input);
}
