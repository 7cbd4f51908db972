import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseConnection } from './db/client';
import { AppError } from './errors/app-error';
import { serializeRequest } from './lib/request-serializer';
import { audit } from './plugins/audit';
import { auth } from './plugins/auth';
import { apiKeys } from './plugins/api-keys';
import { broadcasts } from './plugins/broadcasts';
import { database } from './plugins/database';
import { errorReporting } from './plugins/error-reporting';
import { forwardedForWarning } from './plugins/forwarded-for-warning';
import { gracefulShutdown, type GracefulShutdownOptions } from './plugins/graceful-shutdown';
import { clientErrorHandler, errorHandler, frameworkErrors } from './plugins/error-handler';
import { ipAllowList } from './plugins/ip-allow-list';
import { jobs } from './plugins/jobs';
import { leadImports } from './plugins/lead-imports';
import { mailer } from './plugins/mailer';
import { metrics } from './plugins/metrics';
import { passwordReset } from './plugins/password-reset';
import { realtime, type RealtimePluginOptions } from './plugins/realtime';
import { remoteRegistry } from './plugins/remote-registry';
import { repositories } from './plugins/repositories';
import { securityHeaders } from './plugins/security-headers';
import { services } from './plugins/services';
import { tasks } from './plugins/tasks';
import { savedViews } from './plugins/saved-views';
import { webhooks } from './plugins/webhooks';
import { swaggerDocs } from './plugins/swagger';
import { webRoutes } from './plugins/web';
import { auditLogRoutes } from './routes/audit-log/audit-log-routes';
import { authRoutes } from './routes/auth/auth-routes';
import { ssoRoutes } from './routes/auth/sso-routes';
import { broadcastingRoutes, userAuthRoute } from './routes/broadcasting/broadcasting-routes';
import { commentStepRoutes } from './routes/comment-steps/comment-step-routes';
import { fileStorage } from './plugins/file-storage';
import { dashboardRoutes } from './routes/dashboard/dashboard-routes';
import { documentRoutes } from './routes/documents/document-routes';
import { fileRoutes } from './routes/files/file-routes';
import { documentCategoryRoutes } from './routes/document-category/document-category-routes';
import { healthRoutes } from './routes/health/health-routes';
import { notificationRoutes } from './routes/notifications/notification-routes';
import { monitoringRoutes } from './routes/monitoring/monitoring-routes';
import { leadStatusRoutes } from './routes/lead-status/lead-status-routes';
import { leadCommentRoutes } from './routes/leads/lead-comment-routes';
import { leadCsvRoutes } from './routes/leads/lead-csv-routes';
import { leadMergeRoutes } from './routes/leads/lead-merge-routes';
import { leadRoutes } from './routes/leads/lead-routes';
import { permissionRoutes } from './routes/permissions/permission-routes';
import { remoteRoutes } from './routes/remotes/remote-routes';
import { roleRoutes } from './routes/roles/role-routes';
import { accountRoutes } from './routes/account/account-routes';
import { apiKeyRoutes } from './routes/account/api-key-routes';
import { twoFactorRoutes } from './routes/account/two-factor-routes';
import { searchRoutes } from './routes/search/search-routes';
import { taskRoutes } from './routes/tasks/task-routes';
import { teamRoutes } from './routes/teams/team-routes';
import { uploadRoutes } from './routes/uploads/upload-routes';
import { userRoutes } from './routes/users/user-routes';
import { webhookRoutes } from './routes/webhooks/webhook-routes';
import { savedViewRoutes } from './routes/saved-views/saved-view-routes';
import { whiteIpRoutes } from './routes/white-ips/white-ip-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise the app opens the one the config names and closes it on close. */
  connection?: DatabaseConnection;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added, with its schemas (the route-table fuzz test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Limits of the embedded realtime endpoint (tests lower them). */
  realtime?: RealtimePluginOptions;
  /** How the server drains before it closes (server.ts; tests start one with a shorter drain). */
  shutdown?: GracefulShutdownOptions;
}

/**
 * The store of the per-address limits. A Redis that does not answer lets requests through (`skipOnError`) rather than
 * refusing every sign-in: the per-(email, address) limit still holds, counted in the database.
 */
function rateLimitRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
}

/** Every log line that names a request goes through one serializer, which redacts tokens and signatures in its URL. */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}

/** Builds the whole server: plugins first, then the API routes, then the front-end builds. Does not listen. */
export async function buildApp({ config, connection, logger, onRoute, realtime: realtimeOptions, shutdown }: BuildAppOptions) {
  const app = Fastify({
    logger: withRedactedUrls(logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // Room for rich-text notes; file uploads go through multipart, each route with its own limit.
    bodyLimit: 1024 * 1024,
    // The first start creates the embedded database (initdb) and applies every migration: on a busy machine that
    // takes longer than Fastify's 10 s default for one plugin.
    pluginTimeout: 120_000,
    // Errors raised before a route runs (Node's HTTP parser, Fastify's router) answer in the usual JSON shape too.
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  // A JSON API: plain-text bodies get 415 rather than reaching validation as strings.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(gracefulShutdown, shutdown ?? {});
  await app.register(errorReporting);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(swaggerDocs);
  // Several instances on REDIS_URL count each address's sign-in attempts together (decision 054); one counts in memory.
  const rateLimitStore = config.realtime.redisUrl ? rateLimitRedis(config.realtime.redisUrl) : undefined;
  if (rateLimitStore) {
    app.addHook('onClose', async () => {
      await rateLimitStore.quit().catch(() => rateLimitStore.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitStore && { redis: rateLimitStore, nameSpace: 'crm-rate-limit:', skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
  });
  await app.register(database, { config, connection });
  await app.register(forwardedForWarning);
  // Before anything else reads the request: an address outside the allow-list gets 403 on every API call.
  await app.register(ipAllowList);
  // Before the repositories: lead imports keep their waiting files in it.
  await app.register(fileStorage);
  await app.register(repositories);
  await app.register(audit);
  await app.register(jobs);
  await app.register(mailer);
  await app.register(passwordReset);
  await app.register(apiKeys);
  await app.register(auth);
  await app.register(realtime, realtimeOptions ?? {});
  await app.register(broadcasts);
  await app.register(remoteRegistry);
  await app.register(services);
  await app.register(webhooks);
  await app.register(tasks);
  await app.register(savedViews);
  await app.register(leadImports);
  await app.register(metrics);
  // Files are read by the routes that take them (readMultipart), each with its own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(ssoRoutes, { prefix: '/auth' });
      await api.register(userRoutes);
      await api.register(searchRoutes);
      await api.register(accountRoutes);
      await api.register(apiKeyRoutes);
      await api.register(twoFactorRoutes);
      await api.register(leadStatusRoutes);
      await api.register(leadRoutes);
      await api.register(leadMergeRoutes);
      await api.register(leadCommentRoutes);
      await api.register(leadCsvRoutes);
      await api.register(taskRoutes);
      await api.register(dashboardRoutes);
      await api.register(savedViewRoutes);
      await api.register(uploadRoutes);
      await api.register(documentCategoryRoutes);
      await api.register(documentRoutes);
      await api.register(fileRoutes);
      await api.register(commentStepRoutes);
      await api.register(roleRoutes);
      await api.register(permissionRoutes);
      await api.register(whiteIpRoutes);
      await api.register(remoteRoutes);
      await api.register(webhookRoutes);
      await api.register(auditLogRoutes);
      await api.register(teamRoutes);
      await api.register(broadcastingRoutes);
      await api.register(userAuthRoute);
      await api.register(notificationRoutes);
      await api.register(monitoringRoutes);
    },
    { prefix: '/api' },
  );
  // The spec names a second user-auth path outside /api (the Pusher client's default user-auth endpoint).
  await app.register(userAuthRoute);

  await app.register(webRoutes, { config });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
