/**
 * English: the sign-in pages' texts (sign in, single sign-on, forgot and reset password), an i18next namespace of
 * their own fetched with those pages, so the first load of a signed-in page does not carry them (issue 25).
 */
export const signInEn = {
  auth: {
    loginTitle: 'Welcome to CRM',
    loginSubtitle: 'Sign in to your account to continue',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    ssoSignIn: 'Sign in with {{name}}',
    or: 'or',
    passwordSignInAdmin: 'Sign in with a password (administrator)',
    ssoSigningIn: 'Signing you in…',
    ssoErrors: {
      state: 'Sign-in failed: the answer did not belong to this browser window. Try again.',
      code: 'This sign-in code has already been used or has expired. Sign in again.',
      unverified_email: 'Your identity provider has not verified your email address, so you cannot sign in.',
      unknown_user: 'No CRM user has this email address. Ask an administrator for an account.',
      deactivated: 'This account has been deactivated. Ask an administrator to activate it.',
      failed: 'Single sign-on failed. Try again.',
      exchange: 'This sign-in link is invalid or has expired. Sign in again.',
    },
    forgotPasswordLink: 'Forgot password?',
    tooManyAttempts: 'Too many sign-in attempts. Wait a minute and try again.',
    signInFailed: 'Sign-in failed. Try again.',
    forgotTitle: 'Forgot password?',
    forgotSubtitle: 'Enter your email and we will send you a link to reset your password.',
    sendLink: 'Send reset link',
    forgotDone: 'If an account exists for that address, a reset link is on its way. Check your inbox.',
    backToLogin: 'Back to sign in',
    resetTitle: 'Reset password',
    resetSubtitle: 'Choose a new password for {{email}}.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    setPassword: 'Set new password',
    resetDone: 'Your password has been reset. Sign in with the new one.',
    resetLinkIncomplete: 'This reset link is incomplete. Ask for a new one.',
    requestFailed: 'Something went wrong. Try again.',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** Every locale carries every key of the namespace. */
export type SignInTranslation = Shape<typeof signInEn>;
