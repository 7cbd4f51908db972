import { z } from 'zod';
import type { MailTransport } from '../lib/mailer';
import type { JobDefinition } from './job-queue';

declare module './job-queue' {
  interface JobDataByName {
    mail: { to: string; subject: string; text: string };
  }
}

export const MAIL_QUEUE = 'mail';

/**
 * Delivers one mail; an SMTP failure is retried with backoff. Do not put secrets in a mail sent this way: job data is
 * stored in the database until the job is archived. A mail carrying a secret (a reset link) is built and delivered
 * inside its own job, from data that holds no secret (see password-reset-job.ts).
 */
export function mailJob(transport: MailTransport): JobDefinition<typeof MAIL_QUEUE> {
  return {
    name: MAIL_QUEUE,
    schema: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
    retryLimit: 5,
    concurrency: 2,
    run: (mail) => transport.deliver(mail),
  };
}
