import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api, apiKeysUnder } from '@crm/shared/api-client';
import { adminUserSchema, type CreateUserInput, type DataEnvelope, type MessageAnswer, type UpdateUserInput, messageSchema, dataEnvelope } from '@crm/shared/schemas';

type UserAnswer = DataEnvelope<typeof adminUserSchema>;

const createUserAnswer = dataEnvelope(adminUserSchema);

export async function createUser(input: CreateUserInput): Promise<UserAnswer> {
  return createUserAnswer.parse(await api.post<unknown>('/users', input));
}

const updateUserAnswer = dataEnvelope(adminUserSchema);

export async function updateUser(id: number, input: UpdateUserInput): Promise<UserAnswer> {
  return updateUserAnswer.parse(await api.put<unknown>(`/users/${id}`, input));
}

const setUserActiveAnswer = dataEnvelope(adminUserSchema);

export async function setUserActive(id: number, active: boolean): Promise<UserAnswer> {
  return setUserActiveAnswer.parse(await api.post<unknown>(`/users/${id}/status`, { active }));
}

export async function forcePasswordReset(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.post<unknown>(`/users/${id}/password-reset`));
}

/** DELETE /api/users/{id}/two-factor: the user's second factor and sessions go (a lost phone), audited. */
export async function resetTwoFactor(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`/users/${id}/two-factor`));
}

/** Every users call revalidates the users lists and the role cards (their counts and avatars). */
function useRevalidateUsers() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(apiKeysUnder('/users'));
    await mutate(apiKeysUnder('/roles'));
  }, [mutate]);
}

export function useSaveUser() {
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (id: number | null, input: CreateUserInput & { version?: number }) => {
      const saved = id === null ? await createUser(input) : await updateUser(id, { ...input, version: input.version ?? 1 });
      await revalidate();
      return saved.data;
    },
    [revalidate],
  );
}

export function useSetUserActive() {
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (id: number, active: boolean) => {
      const saved = await setUserActive(id, active);
      await revalidate();
      return saved.data;
    },
    [revalidate],
  );
}

export function useForcePasswordReset() {
  return useCallback((id: number) => forcePasswordReset(id), []);
}

export function useResetTwoFactor() {
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (id: number) => {
      const answer = await resetTwoFactor(id);
      await revalidate();
      return answer;
    },
    [revalidate],
  );
}
