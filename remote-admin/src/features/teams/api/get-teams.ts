import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { usePagedQuery } from '@crm/shared/lists';
import { type DataEnvelope, type Paginated, teamSchema, dataEnvelope, paginated } from '@crm/shared/schemas';

export const TEAMS_PATH = '/teams';

export interface TeamsRequest {
  page: number;
  per_page: number;
  q?: string;
}

export const teamsKey = (request: TeamsRequest) => [TEAMS_PATH, { ...request }] as const;

const getTeamsAnswer = paginated(teamSchema);

/** GET /api/teams: lead, member avatars and counts; search by name. */
export async function getTeams(request: TeamsRequest): Promise<Paginated<typeof teamSchema>> {
  return getTeamsAnswer.parse(await api.get<unknown>(TEAMS_PATH, { ...request }));
}

export function useTeams(request: TeamsRequest) {
  return usePagedQuery(teamsKey(request), ([, query]) => getTeams(query as TeamsRequest));
}

const getTeamAnswer = dataEnvelope(teamSchema);

/** GET /api/teams/{id}: the edit form's record. */
export async function getTeam(id: number): Promise<DataEnvelope<typeof teamSchema>> {
  return getTeamAnswer.parse(await api.get<unknown>(`${TEAMS_PATH}/${id}`));
}

export function useTeam(id: number | null) {
  return useSWR<DataEnvelope<typeof teamSchema>, ApiError>(id === null ? null : [`${TEAMS_PATH}/${id}`], () => getTeam(id!), {
    revalidateOnFocus: false,
  });
}
