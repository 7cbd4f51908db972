import { api } from '@crm/shared/api-client';
import type { ForgotPasswordInput, MessageAnswer } from '@crm/shared/schemas';

/** POST /api/auth/forgot-password answers the same whether or not the address exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<MessageAnswer> {
  return api.post<MessageAnswer>('/auth/forgot-password', input);
}
