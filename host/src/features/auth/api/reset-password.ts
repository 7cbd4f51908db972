import { api } from '@crm/shared/api-client';
import type { ResetPasswordInput } from '@crm/shared/schemas';

/** POST /api/auth/reset-password; 422 names the fields at fault. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', input);
}
