import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  calendarFeedSchema,
  calendarFeedStateSchema,
  createTaskInputSchema,
  dataEnvelope,
  idParamSchema,
  listTasksQuerySchema,
  messageSchema,
  taskConflictSchema,
  taskSchema,
  taskSummaryQuerySchema,
  taskSummarySchema,
  updateTaskInputSchema,
} from '@crm/shared/schemas';
import { createAbility } from '@crm/shared/abilities';
import type { LeadScope } from '@crm/shared/schemas';
import { notFound } from '../../errors/app-error';
import { taskCalendar } from '../../lib/task-calendar';
import { hashToken } from '../../lib/tokens';
import { requireUser } from '../../plugins/auth';
import { createRoleRepository } from '../../repositories/role-repository';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { leadCaller, leadViewer } from '../leads/lead-viewer';
import { requestActor } from '../request-actor';

const tags = ['tasks'];
const errors = { 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;
const listErrors = { 422: apiErrorSchema, ...protectedErrors } as const;
/** The feed's secret (43 base64url characters) and the `.ics` a calendar app expects at the end of the URL. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const feedNotFound = () => notFound('Календарь не найден');

/**
 * Tasks and reminders (docs/decisions/074): whoever may view leads reads and writes the tasks of the leads in their
 * scope, and their own standalone tasks; anything else answers 404.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize('view', 'lead');
  const repo = app.taskRepository;
  const timeZone = (tz: string | undefined) => tz ?? app.config.tasksTimeZone;

  app.get(
    '/leads/:id/tasks',
    {
      onRequest,
      schema: { tags, summary: "A lead's tasks: open ones by due time, then done ones", security: bearerSecurity, params: idParamSchema, response: { 200: dataEnvelope(z.array(taskSchema)), ...errors } },
    },
    async (request) => ({ data: await repo.forLead(request.params.id, leadViewer(request)) }),
  );

  app.post(
    '/leads/:id/tasks',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a task to a lead; the assignee (default: the caller) must see the lead',
        security: bearerSecurity,
        params: idParamSchema,
        body: createTaskInputSchema,
        response: { 201: dataEnvelope(taskSchema), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await app.taskService.createTask(leadCaller(request), request.params.id, request.body) }),
  );

  app.get(
    '/tasks',
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's tasks (assignee=me) or every task they may see (assignee=any), by bucket",
        description: 'due: overdue (open, due before now), today (open, from now to midnight in tz), week (the 7 days after today), done; none: every open task. tz: IANA zone, default TASKS_TIME_ZONE.',
        security: bearerSecurity,
        querystring: listTasksQuerySchema,
        response: { 200: dataEnvelope(z.array(taskSchema)), ...listErrors },
      },
    },
    async (request) => {
      const { assignee, due, tz } = request.query;
      return { data: await repo.list(leadViewer(request), { assignee, due, timeZone: timeZone(tz) }) };
    },
  );

  app.get(
    '/tasks/summary',
    {
      onRequest,
      schema: {
        tags,
        summary: "How many open tasks the caller has overdue, today and in the week after (the menu badge: overdue + today)",
        security: bearerSecurity,
        querystring: taskSummaryQuerySchema,
        response: { 200: dataEnvelope(taskSummarySchema), ...listErrors },
      },
    },
    async (request) => ({ data: await repo.summary(leadViewer(request), timeZone(request.query.tz)) }),
  );

  app.post(
    '/tasks',
    {
      onRequest,
      schema: { tags, summary: 'Add a task standing alone (no lead)', security: bearerSecurity, body: createTaskInputSchema, response: { 201: dataEnvelope(taskSchema), ...listErrors } },
    },
    async (request, reply) => reply.code(201).send({ data: await app.taskService.createTask(leadCaller(request), null, request.body) }),
  );

  app.get(
    '/tasks/:id',
    { onRequest, schema: { tags, summary: 'One task', security: bearerSecurity, params: idParamSchema, response: { 200: dataEnvelope(taskSchema), ...errors } } },
    async (request) => ({ data: await repo.find(request.params.id, leadViewer(request)) }),
  );

  app.patch(
    '/tasks/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a task over the version it was read at (409 otherwise); done: true may add a comment to its lead in the same step',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateTaskInputSchema,
        response: { 200: dataEnvelope(taskSchema), 409: taskConflictSchema, ...errors },
      },
    },
    async (request) => ({ data: await app.taskService.updateTask(leadCaller(request), request.params.id, request.body) }),
  );

  app.delete(
    '/tasks/:id',
    { onRequest, schema: { tags, summary: 'Delete a task; its reminder is not sent', security: bearerSecurity, params: idParamSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await app.taskService.deleteTask(leadCaller(request), request.params.id);
      return { message: 'Задача удалена' };
    },
  );

  app.get(
    '/account/calendar-token',
    { onRequest, schema: { tags, summary: 'Whether the caller has a live calendar feed URL', security: bearerSecurity, response: { 200: dataEnvelope(calendarFeedStateSchema), ...protectedErrors } } },
    async (request) => ({ data: { active: await repo.hasCalendarToken(requireUser(request).id) } }),
  );

  app.post(
    '/account/calendar-token',
    {
      onRequest,
      schema: {
        tags,
        summary: "Create or replace the caller's secret calendar feed URL (answered once; the previous URL stops working)",
        security: bearerSecurity,
        response: { 200: dataEnvelope(calendarFeedSchema), ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.taskService.rotateCalendarToken(requestActor(request), app.config.appUrl) }),
  );

  app.delete(
    '/account/calendar-token',
    { onRequest, schema: { tags, summary: "Revoke the caller's calendar feed URL", security: bearerSecurity, response: { 200: messageSchema, ...protectedErrors } } },
    async (request) => {
      await app.taskService.revokeCalendarToken(requestActor(request));
      return { message: 'Ссылка на календарь отключена' };
    },
  );

  // Public on purpose: a phone's calendar cannot send a bearer token. The secret in the URL is the credential (stored
  // as its SHA-256 only); the feed is the owner's open tasks as they would list them now, while they may view leads.
  app.get(
    '/tasks/calendar/:file',
    {
      schema: {
        tags,
        summary: "A user's open tasks as an iCalendar feed, by the secret URL from POST /api/account/calendar-token",
        params: z.object({ file: z.string().max(100) }),
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const match = FEED_FILE.exec(request.params.file);
      if (!match) throw feedNotFound();
      const owner = await repo.calendarOwner(hashToken(match[1]));
      if (!owner || !createAbility(await createRoleRepository(app.db).rulesForRole(owner.roleId)).can('view', 'lead')) throw feedNotFound();
      const feed = await repo.feed({ id: owner.id, leadScope: owner.leadScope as LeadScope });
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8')
        .send(taskCalendar(feed, app.config.appUrl));
    },
  );
};
