import { useContext } from 'react';
import { ConfirmContext, type ConfirmFunction } from './confirm-context';

/** `const confirm = useConfirm(); if (await confirm()) …` — asks 'Уверены?' unless told otherwise. Needs ConfirmProvider. */
export function useConfirm(): ConfirmFunction {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it.');
  return confirm;
}
