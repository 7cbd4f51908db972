import { useCallback } from 'react';
import { api, type RequestOptions } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { useConfirm, useUndoableDelete } from '@crm/shared/ui';
import { leadCommentsPath } from './get-lead-comments';

const parseMessage = parseWithSchemas(({ messageSchema }) => messageSchema);

/** DELETE /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export async function deleteLeadComment(leadId: number, commentId: number, options?: RequestOptions): Promise<MessageAnswer> {
  return parseMessage(api.delete<unknown>(`${leadCommentsPath(leadId)}/${commentId}`, undefined, options));
}

/** What the timeline hides while the comment's delete waits for 'Отменить' (docs/decisions/064). */
export const pendingCommentKey = (id: number) => `comment:${id}`;

const EXCERPT_LENGTH = 40;

/** The comment's first words as plain text, to name it in the question. */
export function commentExcerpt(html: string): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

/** Asks 'Удалить комментарий «…»?', then deletes after the undo toast's 10 seconds; `onSettled` refreshes the lead. */
export function useDeleteLeadComment(leadId: number, onSettled: () => void) {
  const confirm = useConfirm();
  const remove = useUndoableDelete();
  return useCallback(
    async (comment: { id: number; body: string }): Promise<boolean> => {
      const name = commentExcerpt(comment.body);
      if (!(await confirm(`Удалить комментарий «${name}»?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return false;
      remove({
        key: pendingCommentKey(comment.id),
        name,
        message: 'Комментарий удалён',
        send: ({ keepalive }) => deleteLeadComment(leadId, comment.id, { keepalive }),
        onSettled,
      });
      return true;
    },
    [confirm, remove, leadId, onSettled],
  );
}
