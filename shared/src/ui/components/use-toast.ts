import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** `useToast().success('Saved')`. Needs a ToastProvider (the host and StandaloneApp have one). */
export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast() needs a <ToastProvider> above it.');
  return toast;
}
