import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type WhiteIpList, whiteIpListSchema } from '@crm/shared/schemas';

export const WHITE_IPS_PATH = '/white-ips';

/** The one cache entry of the allow-list: writes revalidate it with `mutate(whiteIpsKey)`. */
export const whiteIpsKey = [WHITE_IPS_PATH] as const;

/** GET /api/white-ips (manage all): the entries, whether they are enforced, and the caller's address. */
export async function getWhiteIps(): Promise<WhiteIpList> {
  return whiteIpListSchema.parse(await api.get<unknown>(WHITE_IPS_PATH));
}

export function useWhiteIps() {
  return useSWR<WhiteIpList, ApiError>(whiteIpsKey, getWhiteIps);
}
