import { api, getStoredRules, refreshStoredSession } from '@crm/shared/api-client';
import {
  accountSessionsSchema,
  profileAnswerSchema,
  profileWithTeamsSchema,
  revokedSessionsSchema,
  type AccountSession,
  type ProfileWithTeams,
  type User,
} from '@crm/shared/schemas';

export const PROFILE_KEY = ['/me/profile'] as const;
export const SESSIONS_KEY = ['/me/sessions'] as const;

/** The stored user follows every change, so the top bar's menu shows the new name and picture at once. */
function keepSession(userData: User): User {
  refreshStoredSession(userData, getStoredRules());
  return userData;
}

export async function getProfile(): Promise<ProfileWithTeams> {
  return profileWithTeamsSchema.parse(await api.get<unknown>('/me/profile'));
}

export async function updateName(name: string): Promise<User> {
  return keepSession(profileAnswerSchema.parse(await api.patch<unknown>('/me/profile', { name })).userData);
}

export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('avatar', file);
  return keepSession(profileAnswerSchema.parse(await api.post<unknown>('/me/avatar', form)).userData);
}

export async function removeAvatar(): Promise<User> {
  return keepSession(profileAnswerSchema.parse(await api.delete<unknown>('/me/avatar')).userData);
}

export async function getSessions(): Promise<AccountSession[]> {
  return accountSessionsSchema.parse(await api.get<unknown>('/me/sessions')).data;
}

export async function revokeOtherSessions(): Promise<number> {
  return revokedSessionsSchema.parse(await api.post<unknown>('/me/sessions/revoke-others')).revoked;
}

export async function revokeSession(id: number): Promise<void> {
  await api.delete<unknown>(`/me/sessions/${id}`);
}
