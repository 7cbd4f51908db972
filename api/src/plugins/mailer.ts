import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAIL_QUEUE, mailJob } from '../jobs/mail-job';
import { createMailTransport, type Mail, type MailTransport } from '../lib/mailer';

export interface Mailer {
  /** Queues a mail and resolves once it is stored: no HTTP answer waits on SMTP. Delivery failures are retried. */
  send(mail: Mail): Promise<void>;
  /** Delivers now, in the calling job (for mails built inside a job, such as a reset link). Throws when it fails. */
  transport: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

async function mailerPlugin(app: FastifyInstance) {
  const { smtpUrl, appUrl } = app.config;
  const transport = createMailTransport({ smtpUrl, from: `CRM <no-reply@${new URL(appUrl).hostname}>`, log: app.log });
  app.jobs.define(mailJob(transport));
  app.decorate<Mailer>('mailer', {
    async send(mail) {
      await app.jobs.enqueue(MAIL_QUEUE, mail);
    },
    transport,
  });
}

export const mailer = fp(mailerPlugin, { name: 'mailer', dependencies: ['jobs'] });
