import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type Paginated, teamSchema, paginated } from '@crm/shared/schemas';

const TEAMS_PATH = '/teams';
const query = { per_page: 100 } as const;
export const teamOptionsKey = [TEAMS_PATH, query] as const;

const getTeamOptionsAnswer = paginated(teamSchema);

/** GET /api/teams, the first hundred: choices for a user's teams and the users page's filter. */
export async function getTeamOptions(): Promise<Paginated<typeof teamSchema>> {
  return getTeamOptionsAnswer.parse(await api.get<unknown>(TEAMS_PATH, query));
}

export function useTeamOptions(enabled = true) {
  return useSWR<Paginated<typeof teamSchema>, ApiError>(enabled ? teamOptionsKey : null, getTeamOptions);
}
