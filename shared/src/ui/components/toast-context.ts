import { createContext } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** A button inside the toast ('Отменить'); pressing it runs `onClick` and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long the toast stays, in ms; TOAST_DURATION_MS by default. */
  duration?: number;
}

/** Shows a toast that closes by itself after TOAST_DURATION_MS (or `options.duration`). */
export interface ToastApi {
  success: (message: string, options?: ToastOptions) => void;
  error: (message: string, options?: ToastOptions) => void;
  info: (message: string, options?: ToastOptions) => void;
  warning: (message: string, options?: ToastOptions) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
ToastContext.displayName = 'ToastContext';
