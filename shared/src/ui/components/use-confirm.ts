import { useCallback, useContext } from 'react';
import { useUiLanguage } from '../i18n/ui-i18n';
import { ConfirmContext, type ConfirmFunction } from './confirm-context';

/** `const confirm = useConfirm(); if (await confirm()) …` — asks 'Уверены?' unless told otherwise. Needs ConfirmProvider. */
export function useConfirm(): ConfirmFunction {
  const confirm = useContext(ConfirmContext);
  const language = useUiLanguage();
  const ask = useCallback<ConfirmFunction>((message, options) => {
    if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it.');
    return confirm(message, { language, ...options });
  }, [confirm, language]);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it.');
  return ask;
}
