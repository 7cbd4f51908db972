import { createContext } from 'react';

export interface ConfirmOptions {
  confirmLabel?: string;
  cancelLabel?: string;
  /** The kit language of the screen that asks (useConfirm fills it in), so a remote's question reads in its language. */
  language?: string;
}

/** Asks the user; resolves true for yes, false for no, Esc or a click outside. */
export type ConfirmFunction = (message?: string, options?: ConfirmOptions) => Promise<boolean>;

export const ConfirmContext = createContext<ConfirmFunction | null>(null);
ConfirmContext.displayName = 'ConfirmContext';
