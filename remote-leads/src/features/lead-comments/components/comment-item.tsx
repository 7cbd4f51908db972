import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, type FieldErrors, errorMessage } from '@crm/shared/api-client';
import type { LeadComment } from '@crm/shared/schemas';
import { Button, useToast, useUnsavedChangesGuard, userDisplayName } from '@crm/shared/ui';
import { RichTextView } from '@crm/shared/editor/lazy';
import { useDeleteLeadComment } from '../api/delete-lead-comment';
import { updateLeadComment } from '../api/update-lead-comment';
import { formatDateTime } from '../../../utils/format-date-time';
import { CommentBodyEditor } from './comment-body-editor';

export interface CommentItemProps {
  leadId: number;
  comment: LeadComment;
  /** The signed-in user wrote it: only authors may edit or delete a comment. */
  own: boolean;
  onChanged: () => void;
}

const Root = styled.li`
  position: relative;
  padding: 0 0 1.25rem 1.25rem;
  border-inline-start: 2px solid ${({ theme }) => theme.colors.border};
  &:last-child { padding-bottom: 0.25rem; }
  &::before {
    content: '';
    position: absolute;
    inset-inline-start: -6px;
    top: 0.3rem;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.25rem 0.75rem;
  margin-bottom: 0.375rem;
`;

const Author = styled.span`
  font-weight: 500;
  color: ${({ theme }) => theme.colors.text};
`;

const When = styled.span`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-inline-start: auto;
`;

const EditActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 0.75rem;
`;

/** One comment: author, date and the HTML body; its author can edit it in place or delete it after a question naming it. */
export function CommentItem({ leadId, comment, own, onChanged }: CommentItemProps) {
  const toast = useToast();
  const deleteComment = useDeleteLeadComment(leadId, onChanged);
  const [draft, setDraft] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const edited = comment.updated_at !== comment.created_at;
  // An edit in progress keeps the user from leaving the lead unasked (docs/decisions/064).
  useUnsavedChangesGuard(draft !== null && draft !== comment.body);

  const fail = (what: string, error: unknown) => {
    console.error(what, error);
    toast.error(`${what}${error ? `: ${errorMessage(error)}` : ''}`);
  };

  const save = async () => {
    if (draft === null) return;
    setBusy(true);
    setErrors({});
    try {
      await updateLeadComment(leadId, comment.id, { step_id: comment.step?.id, body: draft });
      setDraft(null);
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else fail('Ошибка сохранения комментария', error);
    } finally {
      setBusy(false);
    }
  };

  const remove = () => deleteComment(comment);

  return (
    <Root>
      <Meta>
        <Author>{comment.author ? userDisplayName(comment.author) : 'Удалённый пользователь'}</Author>
        <When>
          {formatDateTime(comment.created_at)}
          {edited ? ' (изменён)' : ''}
        </When>
        {own && draft === null ? (
          <Actions>
            <Button variant="text" size="sm" onClick={() => setDraft(comment.body)} disabled={busy}>
              Изменить
            </Button>
            <Button variant="text" size="sm" onClick={() => void remove()} disabled={busy}>
              Удалить
            </Button>
          </Actions>
        ) : null}
      </Meta>
      {draft === null ? (
        <RichTextView html={comment.body} />
      ) : (
        <>
          <CommentBodyEditor label="Текст комментария" value={draft} onChange={setDraft} error={errors.body ?? errors.step_id} />
          <EditActions>
            <Button
              variant="text"
              onClick={() => {
                setDraft(null);
                setErrors({});
              }}
            >
              Отмена
            </Button>
            <Button onClick={() => void save()} loading={busy}>
              Сохранить
            </Button>
          </EditActions>
        </>
      )}
    </Root>
  );
}
