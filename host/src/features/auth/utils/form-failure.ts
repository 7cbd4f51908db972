import { ApiError } from '@crm/shared/api-client';

export interface FormFailureTexts {
  tooManyAttempts: string;
  fallback: string;
}

/**
 * The message for a failure no field of the form shows: a 429 gets its own text; a 422 gives the first message
 * of a field the form does not have (or its general message); fields the form has show their own messages.
 */
export function formFailureMessage(error: unknown, shownFields: readonly string[], texts: FormFailureTexts): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return texts.fallback;
  if (error.status === 429) return texts.tooManyAttempts;
  if (error.status === 422) {
    const fields = Object.keys(error.errors);
    const unshown = fields.find((field) => !shownFields.includes(field));
    if (unshown) return error.errors[unshown][0];
    return fields.length ? undefined : error.message;
  }
  return error.status === 0 || error.status >= 500 ? texts.fallback : error.message;
}
