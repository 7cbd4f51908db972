import { isLeadsPageKey } from '../../../api/get-leads';

/** Matches every cached batch of the given statuses' columns (and list pages filtered by them). */
export const isColumnKeyOf =
  (statusIds: readonly number[]) =>
  (key: unknown): boolean => {
    if (!isLeadsPageKey(key)) return false;
    const statusId = ((key as unknown[])[1] as { status_id?: unknown } | undefined)?.status_id;
    return typeof statusId === 'number' && statusIds.includes(statusId);
  };
