import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, type FieldErrors } from '@crm/shared/api-client';
import { useUiLanguage } from '../i18n/ui-i18n';
import { useToast } from '../components/use-toast';

export interface FormSubmitOptions {
  /** Sends the form. A 422 with field messages puts them under the fields; any other failure shows in a toast. */
  onSubmit: () => Promise<unknown>;
  /** Toasted after a successful send. */
  successMessage: string;
  /** After the success toast: close the dialog, leave the route… */
  onDone: () => void;
}

/**
 * The submit of a form in a dialog or drawer: one send at a time, the first server error per field under its
 * field, anything else in a toast, and on success a toast and `onDone`. `resetErrors` clears the fields' messages.
 */
export function useFormSubmit({ onSubmit, successMessage, onDone }: FormSubmitOptions) {
  const toast = useToast();
  const lng = useUiLanguage();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    try {
      await onSubmit();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else toast.error(errorMessage(error, lng));
      return;
    }
    setSubmitting(false);
    toast.success(successMessage);
    onDone();
  };

  return { errors, submitting, submit, resetErrors: () => setErrors({}) };
}
