import { z } from 'zod';
import type { AppConfig } from '../config';
import type { MailTransport } from '../lib/mailer';
import type { AuthRepository } from '../repositories/auth-repository';
import type { JobDefinition } from './job-queue';

declare module './job-queue' {
  interface JobDataByName {
    'password-reset': { email: string; kind?: PasswordMailKind };
  }
}

export const PASSWORD_RESET_QUEUE = 'password-reset';

/** The user asked (forgot password), an admin created the account, or an admin forced a reset. */
export type PasswordMailKind = 'reset' | 'invitation' | 'forced';

/** An invitation may sit in an inbox for a while: it lasts a week. */
export const INVITATION_TTL_MINUTES = 7 * 24 * 60;

export interface PasswordResetJobDeps {
  config: Pick<AppConfig, 'appUrl' | 'passwordResetTtlMinutes'>;
  authRepository: Pick<AuthRepository, 'issuePasswordResetToken'>;
  transport: MailTransport;
}

/**
 * The work behind POST /api/auth/forgot-password. The route only stores this job, for any address, so its answer
 * takes the same time whether or not an account exists; the lookup, the token and the mail happen here. The job holds
 * the address only: the token is created and mailed in the same run and exists nowhere else unhashed.
 */
export function passwordResetJob(deps: PasswordResetJobDeps): JobDefinition<typeof PASSWORD_RESET_QUEUE> {
  const { config } = deps;
  return {
    name: PASSWORD_RESET_QUEUE,
    schema: z.object({ email: z.string(), kind: z.enum(['reset', 'invitation', 'forced']).optional() }),
    retryLimit: 5,
    async run({ email, kind = 'reset' }, { log }) {
      const ttlMinutes = kind === 'invitation' ? INVITATION_TTL_MINUTES : config.passwordResetTtlMinutes;
      // The lookup and the token are one statement, the same for every address (see issuePasswordResetToken).
      // A retry (after an SMTP failure) issues a new token, which replaces the one that was never delivered.
      const user = await deps.authRepository.issuePasswordResetToken(email, ttlMinutes);
      if (!user) {
        log.info('Password reset asked for an address without an active account');
        return;
      }
      const link = `${config.appUrl}/build/reset-password?${new URLSearchParams({ token: user.token, email: user.email })}`;
      if (kind === 'invitation') {
        await deps.transport.deliver({
          to: user.email,
          subject: 'You have been invited to the CRM',
          text: [
            `Hello ${user.firstName},`,
            '',
            'An account has been created for you in the CRM. Open this link to choose your password:',
            link,
            '',
            'The link works once and expires in 7 days.',
          ].join('\n'),
        });
        return;
      }
      await deps.transport.deliver({
        to: user.email,
        subject: kind === 'forced' ? 'Choose a new CRM password' : 'Reset your CRM password',
        text: [
          `Hello ${user.firstName},`,
          '',
          kind === 'forced'
            ? 'An administrator has reset the password of your CRM account. Open this link to choose a new one:'
            : 'Someone (hopefully you) asked to reset the password of your CRM account. Open this link to choose a new one:',
          link,
          '',
          `The link works once and expires in ${config.passwordResetTtlMinutes} minutes. If you did not ask for it, ignore this mail.`,
        ].join('\n'),
      });
    },
  };
}
