import type { RefObject } from 'react';

// A kit Select is a button with the combobox role (Radix); it is a field too.
const FIELD =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled):not([aria-hidden="true"]), textarea:not(:disabled), button[role="combobox"]:not(:disabled)';

/**
 * Radix focuses the first tabbable element on open, which in our panels is the header's close button;
 * a form is more useful with its first field focused. Falls back to Radix's choice when there is no field.
 */
export function focusFirstField(body: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    const field = body.current?.querySelector<HTMLElement>(FIELD);
    if (!field) return;
    event.preventDefault();
    field.focus();
  };
}
