import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { WHITE_IPS_PATH, whiteIpsKey } from './get-white-ips';

/** DELETE /api/white-ips/{id}: 409 IP_LOCKOUT when removing it would leave out the caller, unless `confirm`. */
export async function deleteWhiteIp(id: number, confirm = false): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${WHITE_IPS_PATH}/${id}${confirm ? '?confirm=true' : ''}`));
}

export function useDeleteWhiteIp() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, confirm = false) => {
      const answer = await deleteWhiteIp(id, confirm);
      await mutate(whiteIpsKey);
      return answer;
    },
    [mutate],
  );
}
