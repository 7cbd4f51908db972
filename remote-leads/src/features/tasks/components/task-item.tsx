import { useState } from 'react';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { CommentStep, Task } from '@crm/shared/schemas';
import { Button, Ltr, Select, TextAreaField, useConfirm, useToast, useUnsavedChangesGuard } from '@crm/shared/ui';
import { formatDateTime } from '../../../utils/format-date-time';
import { useDeleteTask } from '../api/delete-task';
import { updateTask } from '../api/update-task';
import { TASK_TYPE_LABELS } from '../utils/task-time';
// Not lazy: only "Мой день" and a lead's page hold tasks, neither is in the leads list's first load, and the kit's
// Dialog already fetches Radix on first open; a chunk of its own would only lengthen every remote entry's chunk map.
import { TaskEditDialog } from './task-edit-dialog';

export interface TaskItemProps {
  task: Task;
  /** Show the lead's name as a link (the "Мой день" page; the lead's own page does not). */
  showLead?: boolean;
  /** Comment steps: with them, ticking a lead's call offers to add a comment in the same step. */
  steps?: readonly CommentStep[];
  /** Who the task may be given to besides the caller, its assignee and its creator (a lead's responsible users). */
  assignees?: readonly { id: number; name: string }[];
  onChanged: () => void;
}

const Row = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.625rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.375rem 0.75rem;
`;

const Title = styled.span<{ $done: boolean }>`
  font-weight: 500;
  text-decoration: ${({ $done }) => ($done ? 'line-through' : 'none')};
  color: ${({ theme, $done }) => ($done ? theme.colors.textMuted : theme.colors.text)};
`;

const Meta = styled.span<{ $overdue?: boolean }>`
  color: ${({ theme, $overdue }) => ($overdue ? theme.colors.errorText : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Type = styled.span`
  padding: 0 0.5rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.hover};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const CommentForm = styled.div`
  display: grid;
  gap: 0.5rem;
  padding-inline-start: 1.75rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/**
 * One task: a done checkbox, its type, title, due time and assignee; ticking a lead's call may add a comment at once;
 * 'Изменить' opens the edit dialog.
 */
export function TaskItem({ task, showLead, steps, assignees, onChanged }: TaskItemProps) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [stepId, setStepId] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [editing, setEditing] = useState(false);
  const overdue = !task.done && Date.parse(task.due_at) < Date.now();
  const remove = useDeleteTask(onChanged);
  const offersComment = task.type === 'call' && task.lead !== null && steps !== undefined && steps.length > 0;
  // A comment being written is not dropped unasked: not by Отмена or the checkbox, not by "Без комментария", not by
  // leaving the page (decision 064's question).
  const typed = asking && body.trim() !== '';
  const guard = useUnsavedChangesGuard(typed);
  const confirm = useConfirm();

  const save = async (done: boolean, comment?: { step_id: number | null; body: string }) => {
    setSaving(true);
    setErrors({});
    try {
      await updateTask(task.id, { version: task.version, done, ...(comment ? { comment } : {}) });
      setAsking(false);
      setBody('');
      onChanged();
      toast.success(done ? (comment ? 'Задача выполнена, комментарий добавлен' : 'Задача выполнена') : 'Задача снова открыта');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([key, value]) => [key.replace(/^comment\./, ''), value])));
      } else {
        toast.error(`Не удалось сохранить задачу: ${errorMessage(error)}`);
        if (error instanceof ApiError && error.status === 409) onChanged();
      }
    } finally {
      setSaving(false);
    }
  };

  const closeComment = async () => {
    if (!(await guard.confirmDiscard())) return;
    setAsking(false);
    setBody('');
    setErrors({});
  };

  const doneWithoutComment = async () => {
    const drop = !typed || (await confirm('Отметить выполненной без комментария? Написанный текст не сохранится.', { confirmLabel: 'Без комментария', cancelLabel: 'Вернуться к тексту' }));
    if (drop) await save(true);
  };

  const toggle = () => {
    if (!task.done && offersComment) {
      if (asking) void closeComment();
      else setAsking(true);
    } else void save(!task.done);
  };

  return (
    <Row data-testid={`task-${task.id}`}>
      <Line>
        <input
          type="checkbox"
          checked={task.done || asking}
          disabled={saving}
          onChange={toggle}
          aria-label={task.done ? `Открыть снова: ${task.title}` : `Выполнено: ${task.title}`}
        />
        <Type>{TASK_TYPE_LABELS[task.type]}</Type>
        <Title $done={task.done}>{task.title}</Title>
        {showLead && task.lead ? <Link to={`/leads/${task.lead.id}`}>{task.lead.name}</Link> : null}
        <Meta $overdue={overdue}>
          <Ltr>{formatDateTime(task.due_at)}</Ltr>
          {overdue ? ' · просрочена' : ''}
        </Meta>
        <Meta>{task.assignee.name}</Meta>
        <Button size="sm" variant="text" disabled={saving} onClick={() => setEditing(true)} aria-label={`Изменить задачу: ${task.title}`}>
          Изменить
        </Button>
        <Button size="sm" variant="text" disabled={saving} onClick={() => void remove(task)} aria-label={`Удалить задачу: ${task.title}`}>
          Удалить
        </Button>
      </Line>
      {task.note ? <Meta>{task.note}</Meta> : null}
      {asking ? (
        <CommentForm>
          <Select
            label="Этап комментария"
            options={(steps ?? []).filter((s) => !s.archived).map((s) => ({ value: s.id, label: s.name }))}
            value={stepId}
            onChange={setStepId}
            error={errors.step_id}
          />
          <TextAreaField label="Комментарий к лиду" value={body} onChange={(event) => setBody(event.target.value)} error={errors.body} rows={2} autoGrow maxRows={8} />
          <Actions>
            <Button size="sm" loading={saving} onClick={() => void save(true, { step_id: stepId, body })}>
              Выполнено с комментарием
            </Button>
            <Button size="sm" variant="secondary" disabled={saving} onClick={() => void doneWithoutComment()}>
              Без комментария
            </Button>
            <Button size="sm" variant="text" disabled={saving} onClick={() => void closeComment()}>
              Отмена
            </Button>
          </Actions>
        </CommentForm>
      ) : null}
      {editing ? <TaskEditDialog task={task} assignees={assignees} onClose={() => setEditing(false)} onChanged={onChanged} /> : null}
    </Row>
  );
}
