import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type RemoteList, remoteListSchema } from '@crm/shared/schemas';

export const REMOTES_PATH = '/remotes';

/** The one cache entry of the registry: a switch or a rollback revalidates it with `mutate(remotesKey)`. */
export const remotesKey = [REMOTES_PATH] as const;

/** GET /api/remotes (manage remotes): each remote's entry, build, who switched it, its load errors; the host's shared. */
export async function getRemotes(): Promise<RemoteList> {
  return remoteListSchema.parse(await api.get<unknown>(REMOTES_PATH));
}

export function useRemotes() {
  return useSWR<RemoteList, ApiError>(remotesKey, getRemotes);
}
