import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { passwordResetJob } from '../jobs/password-reset-job';

/** Defines the job that looks up the account and mails the reset link (the route only queues it). */
async function passwordResetPlugin(app: FastifyInstance) {
  app.jobs.define(
    passwordResetJob({
      config: app.config,
      authRepository: app.authRepository,
      transport: app.mailer.transport,
    }),
  );
}

export const passwordReset = fp(passwordResetPlugin, { name: 'password-reset', dependencies: ['jobs', 'mailer', 'repositories'] });
