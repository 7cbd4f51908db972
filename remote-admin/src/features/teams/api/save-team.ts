import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api, apiKeysUnder } from '@crm/shared/api-client';
import { type CreateTeamInput, type DataEnvelope, type MessageAnswer, teamSchema, type UpdateTeamInput, messageSchema, dataEnvelope } from '@crm/shared/schemas';
import { TEAMS_PATH } from './get-teams';

type TeamAnswer = DataEnvelope<typeof teamSchema>;

const createTeamAnswer = dataEnvelope(teamSchema);

export async function createTeam(input: CreateTeamInput): Promise<TeamAnswer> {
  return createTeamAnswer.parse(await api.post<unknown>(TEAMS_PATH, input));
}

const updateTeamAnswer = dataEnvelope(teamSchema);

export async function updateTeam(id: number, input: UpdateTeamInput): Promise<TeamAnswer> {
  return updateTeamAnswer.parse(await api.put<unknown>(`${TEAMS_PATH}/${id}`, input));
}

export async function deleteTeam(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${TEAMS_PATH}/${id}`));
}

export function useSaveTeam() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number | null, input: CreateTeamInput & { version?: number }) => {
      const saved = id === null ? await createTeam(input) : await updateTeam(id, { ...input, version: input.version ?? 1 });
      await mutate(apiKeysUnder(TEAMS_PATH));
      return saved.data;
    },
    [mutate],
  );
}

export function useDeleteTeam() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      await deleteTeam(id);
      await mutate(apiKeysUnder(TEAMS_PATH));
    },
    [mutate],
  );
}
