import { createContext } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** Shows a toast that closes by itself after TOAST_DURATION_MS. */
export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
ToastContext.displayName = 'ToastContext';
