import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { api } from '@crm/shared/api-client';
import { type Remote, remoteSchema, remoteSwitchMetaSchema } from '@crm/shared/schemas';
import { REMOTES_PATH, remotesKey } from './get-remotes';

const switchAnswer = z.object({ data: remoteSchema, meta: remoteSwitchMetaSchema });
export type SwitchAnswer = z.infer<typeof switchAnswer>;

/** PUT /api/remotes/{name}: the API checks the manifest first; 422 `errors.entry` says why it refused. */
export async function switchRemote(name: string, entry: string): Promise<SwitchAnswer> {
  return switchAnswer.parse(await api.put<unknown>(`${REMOTES_PATH}/${encodeURIComponent(name)}`, { entry }));
}

/** POST /api/remotes/{name}/rollback: back to the entry under the active one; 409 when there is none. */
export async function rollbackRemote(name: string): Promise<Remote> {
  return z.object({ data: remoteSchema }).parse(await api.post<unknown>(`${REMOTES_PATH}/${encodeURIComponent(name)}/rollback`)).data;
}

/** Both, each revalidating the list afterwards. */
export function useRemoteActions() {
  const { mutate } = useSWRConfig();
  return {
    switchRemote: useCallback(
      async (name: string, entry: string) => {
        const answer = await switchRemote(name, entry);
        await mutate(remotesKey);
        return answer;
      },
      [mutate],
    ),
    rollbackRemote: useCallback(
      async (name: string) => {
        const remote = await rollbackRemote(name);
        await mutate(remotesKey);
        return remote;
      },
      [mutate],
    ),
  };
}
