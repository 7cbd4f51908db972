import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, type FieldErrors, errorMessage } from '@crm/shared/api-client';
import type { CommentStep } from '@crm/shared/schemas';
import { Button, Select, useToast, useUnsavedChangesGuard } from '@crm/shared/ui';
import { createLeadComment } from '../api/create-lead-comment';
import { CommentBodyEditor } from './comment-body-editor';

export interface AddCommentFormProps {
  leadId: number;
  /** Steps in position order. */
  steps: readonly CommentStep[];
  stepsLoading?: boolean;
  onAdded: () => void;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  margin-top: 1.5rem;
  padding-top: 1.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** Whether the editor's HTML holds any text (an emptied editor leaves `<p><br></p>` behind). */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';

/** Adds a comment under a step; each field shows the server's first message for it. */
export function AddCommentForm({ leadId, steps, stepsLoading, onAdded }: AddCommentFormProps) {
  const toast = useToast();
  const [stepId, setStepId] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // A comment being written keeps the user from leaving the lead unasked (docs/decisions/064).
  useUnsavedChangesGuard(hasText(body));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      // No client-side checks: an empty step or body is answered by the server under its field.
      await createLeadComment(leadId, { step_id: stepId, body });
      setBody('');
      onAdded();
      toast.success('Комментарий добавлен');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
      } else {
        console.error('Ошибка сохранения комментария', error);
        toast.error(`Ошибка сохранения комментария${error ? `: ${errorMessage(error)}` : ''}`);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Новый комментарий">
      <Select<number>
        label="Этап"
        name="step_id"
        // Archived steps stay on old comments but are offered to no new one.
        options={steps.filter((step) => !step.archived).map((step) => ({ value: step.id, label: step.name }))}
        value={stepId}
        onChange={setStepId}
        error={errors.step_id}
        isLoading={stepsLoading}
        placeholder="Выберите этап"
      />
      <CommentBodyEditor label="Комментарий" value={body} onChange={setBody} error={errors.body} deferred />
      <Footer>
        <Button type="submit" loading={saving}>
          Добавить комментарий
        </Button>
      </Footer>
    </Form>
  );
}
