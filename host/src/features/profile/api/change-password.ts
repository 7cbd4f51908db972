import { api } from '@crm/shared/api-client';
import type { ChangePasswordInput, MessageAnswer } from '@crm/shared/schemas';

/** POST /api/auth/change-password; 422 names the fields at fault, the user's other sessions end on success. */
export function changePassword(input: ChangePasswordInput): Promise<MessageAnswer> {
  return api.post<MessageAnswer>('/auth/change-password', input);
}
