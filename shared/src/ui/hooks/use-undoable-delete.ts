import { useCallback } from 'react';
import { deferDelete, errorMessage } from '@crm/shared/api-client';
import { useToast } from '../components/use-toast';
import { useUiText } from '../i18n/ui-i18n';
import { UNDO_DELETE_MS } from '../tokens/constants';

export type UndoableDeleteOutcome = 'deleted' | 'failed' | 'undone';

export interface UndoableDelete {
  /** What the item is known by while it waits (`lead:12`); lists hide it through `usePendingDeletes()`. */
  key: string;
  /** The item's name, for the failure toast. */
  name: string;
  /** The toast shown at once ('Лид Иванов Артём удалён'), with 'Отменить'. */
  message: string;
  /** Sends the delete through the screen's fetcher (`keepalive` when the page is going away). */
  send: (options: { keepalive: boolean }) => Promise<unknown>;
  /** After it was sent ('deleted'), refused ('failed') or taken back ('undone'): revalidate what shows the item. */
  onSettled?: (outcome: UndoableDeleteOutcome) => void;
}

/**
 * Deletes after UNDO_DELETE_MS unless the user presses 'Отменить' in the toast (docs/decisions/064): the item
 * disappears at once, the request waits, a refusal shows an error toast and brings the item back. The toast lives
 * in the shell, so the wait and the undo survive the user moving to another screen.
 */
export function useUndoableDelete(): (item: UndoableDelete) => void {
  const toast = useToast();
  const t = useUiText();
  return useCallback(
    ({ key, name, message, send, onSettled }: UndoableDelete) => {
      const undo = deferDelete({
        key,
        send,
        delayMs: UNDO_DELETE_MS,
        onSent: () => onSettled?.('deleted'),
        onFailed: (error) => {
          toast.error(t('toast.deleteFailed', { name, message: errorMessage(error) }));
          onSettled?.('failed');
        },
      });
      toast.success(message, {
        duration: UNDO_DELETE_MS,
        action: {
          label: t('toast.undo'),
          onClick: () => {
            if (undo()) onSettled?.('undone');
          },
        },
      });
    },
    [toast, t],
  );
}
