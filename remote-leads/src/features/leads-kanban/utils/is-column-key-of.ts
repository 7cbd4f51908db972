import { NO_STATUS } from '@crm/shared/schemas/mini';
import { isLeadsPageKey } from '../../../api/get-leads';

/** Matches every cached batch of the given columns (and list pages filtered by them); `null` is 'Без статуса'. */
export const isColumnKeyOf =
  (statusIds: readonly (number | null)[]) =>
  (key: unknown): boolean => {
    if (!isLeadsPageKey(key)) return false;
    const statusId = ((key as unknown[])[1] as { status_id?: unknown } | undefined)?.status_id;
    if (statusId === NO_STATUS) return statusIds.includes(null);
    return typeof statusId === 'number' && statusIds.includes(statusId);
  };
