import { api } from '@crm/shared/api-client';
import { usePagedQuery } from '@crm/shared/lists';
import { adminUserSchema, type Paginated, type UserStatus, paginated } from '@crm/shared/schemas';

export const ADMIN_USERS_PATH = '/users/list';
export type AdminUsersResponse = Paginated<typeof adminUserSchema>;

/** The users page's query (GET /api/users/list). */
export interface AdminUsersRequest {
  page: number;
  per_page: number;
  q?: string;
  role_id?: number;
  team_id?: number;
  status?: UserStatus;
}

export const adminUsersKey = (request: AdminUsersRequest) => [ADMIN_USERS_PATH, { ...request }] as const;

const getAdminUsersAnswer = paginated(adminUserSchema);

/** GET /api/users/list: search, role, team and status filters, pages. */
export async function getAdminUsers(request: AdminUsersRequest): Promise<AdminUsersResponse> {
  return getAdminUsersAnswer.parse(await api.get<unknown>(ADMIN_USERS_PATH, { ...request }));
}

export function useAdminUsers(request: AdminUsersRequest) {
  return usePagedQuery(adminUsersKey(request), ([, query]) => getAdminUsers(query as AdminUsersRequest));
}
