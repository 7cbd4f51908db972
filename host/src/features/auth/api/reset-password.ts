import { api } from '@crm/shared/api-client';
import type { MessageAnswer, ResetPasswordInput } from '@crm/shared/schemas';

/** POST /api/auth/reset-password; 422 names the fields at fault. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageAnswer> {
  return api.post<MessageAnswer>('/auth/reset-password', input);
}
