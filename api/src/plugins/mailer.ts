import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

async function mailerPlugin(app: FastifyInstance) {
  const { smtpUrl, appUrl } = app.config;
  const mailer = createMailer({ smtpUrl, from: `CRM <no-reply@${new URL(appUrl).hostname}>`, log: app.log });
  app.decorate('mailer', mailer);
  // Graceful shutdown lets queued mails finish instead of dropping a reset link.
  app.addHook('onClose', () => mailer.drain());
}

export const mailer = fp(mailerPlugin, { name: 'mailer' });
