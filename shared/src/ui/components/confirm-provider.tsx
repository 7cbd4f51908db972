import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmContext, type ConfirmFunction, type ConfirmOptions } from './confirm-context';
import { ConfirmDialog } from './confirm-dialog';
import { UiLanguageProvider, useUiLanguage } from '../i18n/ui-i18n';

interface Pending extends ConfirmOptions {
  message?: string;
}

/** Hosts the one confirmation dialog that `useConfirm()` opens. */
export function ConfirmProvider({ children }: { children?: ReactNode }) {
  const outerLanguage = useUiLanguage();
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setPending(null);
  }, []);

  const confirm = useCallback<ConfirmFunction>((message, options) => {
    // A new question while one is open answers the old one with "no" rather than leaving it hanging.
    resolver.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setPending({ message, ...options });
    });
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* The dialog speaks the language of the screen that asked, not the one around the provider. */}
      <UiLanguageProvider lng={pending?.language ?? outerLanguage}>
      <ConfirmDialog
        open={pending !== null}
        message={pending?.message}
        confirmLabel={pending?.confirmLabel}
        cancelLabel={pending?.cancelLabel}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
      </UiLanguageProvider>
    </ConfirmContext.Provider>
  );
}
