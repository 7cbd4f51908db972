import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type CreateWhiteIpInput, type DataEnvelope, whiteIpSchema, dataEnvelope } from '@crm/shared/schemas';
import { WHITE_IPS_PATH, whiteIpsKey } from './get-white-ips';

const createWhiteIpAnswer = dataEnvelope(whiteIpSchema);

/** POST /api/white-ips: 409 IP_LOCKOUT when the entry would leave out the caller, unless `confirm`. */
export async function createWhiteIp(input: CreateWhiteIpInput): Promise<DataEnvelope<typeof whiteIpSchema>> {
  return createWhiteIpAnswer.parse(await api.post<unknown>(WHITE_IPS_PATH, input));
}

/** Adds an entry, then revalidates the list. */
export function useCreateWhiteIp() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateWhiteIpInput) => {
      const created = await createWhiteIp(input);
      await mutate(whiteIpsKey);
      return created.data;
    },
    [mutate],
  );
}
