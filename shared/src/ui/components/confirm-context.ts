import { createContext } from 'react';

export interface ConfirmOptions {
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Asks the user; resolves true for yes, false for no, Esc or a click outside. */
export type ConfirmFunction = (message?: string, options?: ConfirmOptions) => Promise<boolean>;

export const ConfirmContext = createContext<ConfirmFunction | null>(null);
ConfirmContext.displayName = 'ConfirmContext';
