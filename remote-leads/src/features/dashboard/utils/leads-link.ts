/** The filters a bar opens the lead list with: the ones GET /api/leads understands (docs/decisions/076). */
export interface LeadsLinkFilters {
  from: string;
  to: string;
  tz: string;
  status_id?: number | 'none';
  user_id?: number;
  team_id?: number;
}

/**
 * `/leads/list?…` showing the leads a bar counts: created in the period (days cut in the same zone), of the same team
 * and, for the funnel and the users, of that status or that responsible user. The list applies the viewer's scope as
 * the dashboard does, so it shows the same number.
 */
export function leadsLink({ from, to, tz, status_id, user_id, team_id }: LeadsLinkFilters): string {
  const params = new URLSearchParams();
  if (status_id !== undefined) params.set('status_id', String(status_id));
  if (user_id !== undefined) params.set('user_id', String(user_id));
  if (team_id !== undefined) params.set('team_id', String(team_id));
  params.set('created_from', from);
  params.set('created_to', to);
  params.set('tz', tz);
  return `/leads/list?${params.toString()}`;
}
