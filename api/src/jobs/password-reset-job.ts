import { z } from 'zod';
import type { AppConfig } from '../config';
import type { MailTransport } from '../lib/mailer';
import type { AuthRepository } from '../repositories/auth-repository';
import type { UserRepository } from '../repositories/user-repository';
import type { JobDefinition } from './job-queue';

declare module './job-queue' {
  interface JobDataByName {
    'password-reset': { email: string };
  }
}

export const PASSWORD_RESET_QUEUE = 'password-reset';

export interface PasswordResetJobDeps {
  config: Pick<AppConfig, 'appUrl' | 'passwordResetTtlMinutes'>;
  userRepository: Pick<UserRepository, 'findByEmail'>;
  authRepository: Pick<AuthRepository, 'createPasswordResetToken'>;
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
    schema: z.object({ email: z.string() }),
    retryLimit: 5,
    async run({ email }, { log }) {
      const user = await deps.userRepository.findByEmail(email);
      if (!user) {
        log.info('Password reset asked for an address without an account');
        return;
      }
      // A retry (after an SMTP failure) issues a new token, which replaces the one that was never delivered.
      const token = await deps.authRepository.createPasswordResetToken(user.id, config.passwordResetTtlMinutes);
      const link = `${config.appUrl}/build/reset-password?${new URLSearchParams({ token, email: user.email })}`;
      await deps.transport.deliver({
        to: user.email,
        subject: 'Reset your CRM password',
        text: [
          `Hello ${user.firstName},`,
          '',
          'Someone (hopefully you) asked to reset the password of your CRM account. Open this link to choose a new one:',
          link,
          '',
          `The link works once and expires in ${config.passwordResetTtlMinutes} minutes. If you did not ask for it, ignore this mail.`,
        ].join('\n'),
      });
    },
  };
}
