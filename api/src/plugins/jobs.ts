import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { createSqlExecutor } from '../jobs/sql-executor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: `define` a queue while registering, `enqueue` from routes (src/jobs/job-queue.ts). */
    jobs: JobQueue;
  }
}

/**
 * The job queue on the app's database. Plugins define their queues while they register; the workers start once the
 * app is ready (every queue is known by then) and stop first on close, before the database they need goes away.
 */
async function jobsPlugin(app: FastifyInstance) {
  const queue = createJobQueue({ executor: createSqlExecutor(app.dbConnection), log: app.log, ...app.config.jobs });
  app.decorate('jobs', queue);
  app.addHook('onReady', () => queue.start());
  app.addHook('preClose', () => queue.stop());
}

export const jobs = fp(jobsPlugin, { name: 'jobs', dependencies: ['database'] });
