import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues a mail; failures are logged, never thrown at the caller (the HTTP answer must not depend on SMTP). */
  send(mail: Mail): void;
  /** Resolves once every queued mail has been handed over; graceful shutdown and tests wait on it. */
  drain(): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise nodemailer's JSON transport builds the message without sending it,
 * and the mail is written to the server log so a developer can follow reset links locally.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();

  const deliver = async (mail: Mail) => {
    try {
      await transport.sendMail({ from, ...mail });
      if (smtpUrl) log.info({ to: mail.to, subject: mail.subject }, 'Mail sent');
      else log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'Mail not sent (SMTP_URL unset); logged instead');
    } catch (err) {
      log.error({ err, to: mail.to, subject: mail.subject }, 'Mail delivery failed');
    }
  };

  return {
    send(mail) {
      const job = deliver(mail).finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}
