import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  /** Hands the mail to the SMTP server (or the log); throws when that fails, so the job sending it is retried. */
  deliver(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise nodemailer's JSON transport builds the message without sending it,
 * and the mail is written to the server log so a developer can follow reset links locally.
 */
export function createMailTransport(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): MailTransport {
  const { smtpUrl, from, log } = options;
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  return {
    async deliver(mail) {
      await transport.sendMail({ from, ...mail });
      if (smtpUrl) log.info({ to: mail.to, subject: mail.subject }, 'Mail sent');
      else log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'Mail not sent (SMTP_URL unset); logged instead');
    },
  };
}
