import type { z } from 'zod';
import { api } from '@crm/shared/api-client';
import { usePagedQuery } from '@crm/shared/lists';
import { auditEntrySchema, type auditLogQuerySchema, type Paginated, paginated } from '@crm/shared/schemas';

export const AUDIT_LOG_PATH = '/audit-log';

/** What GET /api/audit-log takes (the API's own querystring schema). */
export type AuditLogRequest = Partial<z.output<typeof auditLogQuerySchema>>;
export type AuditLogPage = Paginated<typeof auditEntrySchema>;

export const auditLogKey = (request: AuditLogRequest) => [AUDIT_LOG_PATH, request] as const;

const getAuditLogAnswer = paginated(auditEntrySchema);

/** GET /api/audit-log (view audit): one page, newest first. */
export async function getAuditLog(request: AuditLogRequest): Promise<AuditLogPage> {
  return getAuditLogAnswer.parse(await api.get<unknown>(AUDIT_LOG_PATH, request));
}

/** One page of the log; the previous page stays on screen while the next loads. */
export function useAuditLog(request: AuditLogRequest | null) {
  return usePagedQuery(request && auditLogKey(request), ([, query]) => getAuditLog(query));
}
