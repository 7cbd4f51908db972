import { ApiError, errorMessage } from '@crm/shared/api-client';
import { ERROR_CODE } from '@crm/shared/schemas/mini';

/**
 * Runs `save(false)`; when the API answers 409 IP_LOCKOUT (the change would shut the admin out), shows its message
 * and, on "yes", runs `save(true)`. Declining throws, so the caller's form reports that nothing was saved.
 */
export async function withLockoutConfirmation<T>(
  save: (confirm: boolean) => Promise<T>,
  ask: (message: string) => Promise<boolean>,
): Promise<T> {
  try {
    return await save(false);
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.status === 409 && failure.code === ERROR_CODE.IP_LOCKOUT)) throw failure;
    if (!(await ask(errorMessage(failure)))) throw new Error('Ничего не изменено.');
    return save(true);
  }
}
