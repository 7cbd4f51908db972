import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { Dashboard, DashboardQuery } from '@crm/shared/schemas';

export const DASHBOARD_PATH = '/dashboard';

export interface DashboardResponse {
  data: Dashboard;
}

export const dashboardKey = (query: DashboardQuery) => [DASHBOARD_PATH, query] as const;

/** GET /api/dashboard: every figure of the page in one request (docs/decisions/076). */
export function getDashboard(query: DashboardQuery): Promise<DashboardResponse> {
  return api.get<DashboardResponse>(DASHBOARD_PATH, query);
}

/** The dashboard of a period and team; the figures on screen stay while the next period loads. */
export function useDashboard(query: DashboardQuery) {
  return useSWR<DashboardResponse, ApiError>(dashboardKey(query), ([, q]: ReturnType<typeof dashboardKey>) => getDashboard(q), { keepPreviousData: true });
}
