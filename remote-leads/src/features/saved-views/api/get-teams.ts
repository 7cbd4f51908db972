import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { Team } from '@crm/shared/schemas';

export const TEAMS_PATH = '/teams';

interface TeamsResponse {
  data: Team[];
}

/** GET /api/teams (needs `view team`): the teams a view can be shared with; the API keeps a sharer to their own. */
export function getTeams(): Promise<TeamsResponse> {
  return api.get<TeamsResponse>(TEAMS_PATH, { per_page: 100 });
}

/** The teams, asked only while `enabled` (the share field is shown and the caller may view teams). */
export function useTeams(enabled: boolean) {
  return useSWR<TeamsResponse, ApiError>(enabled ? [TEAMS_PATH] : null, getTeams);
}
