import { useCallback, useEffect, useRef } from 'react';
import { useNavigationBlocker } from '@crm/shared/router';
import { useConfirm } from '../components/use-confirm';
import { useUiText } from '../i18n/ui-i18n';

export interface UnsavedChangesGuard {
  /** Lets the next navigation through unasked: call it just before a save leaves the form. */
  allowNavigation: () => void;
  /** For a dialog closing without navigating: asks when there are changes; true means close. */
  confirmDiscard: () => Promise<boolean>;
}

/**
 * While `dirty`, leaving asks first (docs/decisions/064): an in-app navigation (Закрыть, a menu link, a hand-over
 * that moves on) asks 'Есть несохранённые изменения. Уйти без сохранения?' with Остаться / Уйти, and closing or
 * reloading the tab gets the browser's own question through `beforeunload`.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const confirm = useConfirm();
  const t = useUiText();
  const allowed = useRef(false);

  const ask = useCallback(
    () => confirm(t('unsaved.question'), { confirmLabel: t('unsaved.leave'), cancelLabel: t('unsaved.stay') }),
    [confirm, t],
  );

  // A permission left from a save that had nothing to leave must not let a later change go unasked.
  useEffect(() => {
    if (dirty) allowed.current = false;
  }, [dirty]);

  useNavigationBlocker(dirty, (proceed) => {
    if (allowed.current) {
      allowed.current = false;
      proceed();
      return;
    }
    void ask().then((leave) => {
      if (leave) proceed();
    });
  });

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowNavigation = useCallback(() => {
    allowed.current = true;
  }, []);
  const confirmDiscard = useCallback(async () => !dirty || ask(), [dirty, ask]);
  return { allowNavigation, confirmDiscard };
}
