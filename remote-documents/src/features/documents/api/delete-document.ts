import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api, type RequestOptions } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { useConfirm, useUndoableDelete } from '@crm/shared/ui';
import { documentKey, documentPath } from '../utils/document-path';
import { isDocumentsPageKey } from './get-documents';

// Typed, not parsed, as deleteLead: the list deletes from its rows and loads no classic zod (docs/decisions/080).
/** DELETE /api/document/{id}: the document and its files. */
export function deleteDocument(id: number, options?: RequestOptions): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(documentPath(id), undefined, options);
}

/** What a list hides while the document's delete waits for 'Отменить' (docs/decisions/064). */
export const pendingDocumentKey = (id: number) => `document:${id}`;

/**
 * Asks 'Удалить документ «…»?', then deletes after the undo toast's 10 seconds. Answers whether the user said yes
 * (the view and the form then leave for the list).
 */
export function useDeleteDocument() {
  const confirm = useConfirm();
  const remove = useUndoableDelete();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (document: { id: number; title: string }): Promise<boolean> => {
      if (!(await confirm(`Удалить документ «${document.title}»?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return false;
      remove({
        key: pendingDocumentKey(document.id),
        name: document.title,
        message: `Документ «${document.title}» удалён`,
        send: ({ keepalive }) => deleteDocument(document.id, { keepalive }),
        onSettled: () => {
          void mutate(isDocumentsPageKey);
          void mutate(documentKey(document.id));
        },
      });
      return true;
    },
    [confirm, remove, mutate],
  );
}
