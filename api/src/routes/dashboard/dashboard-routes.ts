import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, dashboardQuerySchema, dashboardSchema, dataEnvelope } from '@crm/shared/schemas';
import { validationFailed } from '../../errors/app-error';
import { daysOf } from '../../repositories/dashboard-repository';
import { leadViewer } from '../leads/lead-viewer';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['dashboard'];
const DAY = 86_400_000;

/** Today in `timeZone`, `YYYY-MM-DD`. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const shiftDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The dashboard (docs/decisions/076): every figure in one request, within the caller's lead scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      onRequest: app.authorize('view', 'dashboard'),
      schema: {
        tags,
        summary: 'The dashboard: new leads per day, the funnel, conversion, time in status, leads per user, overdue tasks',
        description: `from/to: days YYYY-MM-DD, both included (default: the last ${DASHBOARD_DEFAULT_DAYS} days to today), at most ${DASHBOARD_MAX_DAYS} days. tz: IANA zone, default TASKS_TIME_ZONE. team_id: one of the answer's teams.`,
        security: bearerSecurity,
        querystring: dashboardQuerySchema,
        response: { 200: dataEnvelope(dashboardSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const viewer = leadViewer(request);
      const tz = q.tz ?? app.config.tasksTimeZone;
      const to = q.to ?? (q.from ? shiftDays(q.from, DASHBOARD_DEFAULT_DAYS - 1) : todayIn(tz));
      const from = q.from ?? shiftDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
      if (from > to) throw validationFailed({ from: ['Начало периода позже его конца'] });
      if (daysOf(from, to).length > DASHBOARD_MAX_DAYS) throw validationFailed({ to: [`Период не длиннее ${DASHBOARD_MAX_DAYS} дней`] });
      const teams = await app.dashboardRepository.pickableTeams(viewer);
      if (q.team_id !== undefined && !teams.some((t) => t.id === q.team_id)) throw validationFailed({ team_id: ['Неизвестная команда'] });
      const figures = await app.dashboardRepository.figures(viewer, { from, to, timeZone: tz, teamId: q.team_id });
      return { data: { from, to, tz, team_id: q.team_id ?? null, teams, ...figures } };
    },
  );
};
