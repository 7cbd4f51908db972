import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { ApiError, type FieldErrors, errorMessage, getStoredUser } from '@crm/shared/api-client';
import type { Task } from '@crm/shared/schemas';
import { ERROR_CODE } from '@crm/shared/schemas/mini';
import { Button, Dialog, type SelectOption, useToast, useUnsavedChangesGuard } from '@crm/shared/ui';
import { formatDateTime } from '../../../utils/format-date-time';
import { getTask } from '../api/get-task';
import { updateTask } from '../api/update-task';
import { toTaskChanges, toTaskFormValues, type TaskFormValues } from '../utils/task-form-values';
import { TaskFormFields } from './task-form-fields';

export interface TaskEditDialogProps {
  task: Task;
  /** Besides the caller, the task's assignee and its creator: who else may be given it (a lead's responsible users). */
  assignees?: readonly { id: number; name: string }[];
  onClose: () => void;
  /** After a save, and after a reload that found the task changed: the lists refetch. */
  onChanged: () => void;
}

/** Who saved the version this form has not seen, and when (the 409's `conflict`, docs/decisions/074). */
interface Conflict {
  who: string | null;
  at: string | null;
}

const FIELDS = ['type', 'title', 'due_at', 'remind_before_minutes', 'assignee_id', 'note'];

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

const Alert = styled.div`
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.hover};
  p { margin: 0; }
`;

const ErrorLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.errorText};
`;

function conflictOf(error: ApiError): Conflict {
  const body = error.body as { conflict?: { updated_by?: { name?: string } | null; updated_at?: string } } | undefined;
  return { who: body?.conflict?.updated_by?.name ?? null, at: body?.conflict?.updated_at ?? null };
}

function assigneeOptionsOf(task: Task, assignees: readonly { id: number; name: string }[]): SelectOption<number>[] {
  const me = getStoredUser();
  const people = [task.assignee, ...(task.created_by ? [task.created_by] : []), ...assignees];
  const options: SelectOption<number>[] = me ? [{ value: me.id, label: 'Я' }] : [];
  for (const person of people) {
    if (!options.some((option) => option.value === person.id)) options.push({ value: person.id, label: person.name });
  }
  return options;
}

/**
 * Edits a task in the quick add's fields, prefilled, with its note. Saving sends the changed fields over the version
 * read; a 409 says who saved meanwhile and offers the current version (the lead form's wording), a 422 shows each
 * message under its field. Closing it with changes asks the app's unsaved-changes question first.
 */
export function TaskEditDialog({ task: initialTask, assignees = [], onClose, onChanged }: TaskEditDialogProps) {
  const toast = useToast();
  const formId = useId();
  const [task, setTask] = useState(initialTask);
  const [initial, setInitial] = useState(() => toTaskFormValues(initialTask));
  const [values, setValues] = useState<TaskFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState(false);
  const other = Object.entries(errors).filter(([field]) => !FIELDS.includes(field));
  // Отмена, Esc, × and a click outside ask first once a field differs from the task as read (docs/decisions/064);
  // a change undone by hand, or a reload of the current version, asks nothing.
  const { confirmDiscard } = useUnsavedChangesGuard(toTaskChanges(initial, values, task.version) !== null);

  const cancel = async () => {
    if (await confirmDiscard()) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const changes = toTaskChanges(initial, values, task.version);
    if (!changes) {
      onClose();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await updateTask(task.id, changes);
      onChanged();
      toast.success('Задача сохранена');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === ERROR_CODE.TASK_VERSION_CONFLICT) setConflict(conflictOf(error));
      else if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else {
        toast.error(`Не удалось сохранить задачу: ${errorMessage(error)}`);
        // Deleted or out of reach meanwhile: the lists drop it.
        if (error instanceof ApiError && error.status === 404) {
          onChanged();
          onClose();
        }
      }
    } finally {
      setBusy(false);
    }
  };

  // Drops the user's edits for the task as saved now, as the lead form's "Загрузить актуальную версию" does.
  const reload = async () => {
    setBusy(true);
    try {
      const current = await getTask(task.id);
      const fresh = toTaskFormValues(current);
      setTask(current);
      setInitial(fresh);
      setValues(fresh);
      setErrors({});
      setConflict(null);
      onChanged();
    } catch (error) {
      toast.error(`Не удалось загрузить задачу: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) void cancel();
      }}
      title="Изменить задачу"
      maxWidth={640}
      footer={
        <>
          <Button variant="text" type="button" onClick={() => void cancel()}>
            Отмена
          </Button>
          {conflict ? (
            <Button type="button" loading={busy} onClick={() => void reload()}>
              Загрузить актуальную версию
            </Button>
          ) : (
            <Button type="submit" form={formId} loading={busy}>
              Сохранить
            </Button>
          )}
        </>
      }
    >
      <Form id={formId} onSubmit={(event) => void submit(event)} aria-label="Изменить задачу" noValidate>
        {conflict ? (
          <Alert role="alert">
            {conflict.who && conflict.at ? (
              <p>
                Пока вы редактировали, задачу изменил(а) <strong>{conflict.who}</strong> — {formatDateTime(conflict.at)}.
              </p>
            ) : (
              <p>Пока вы редактировали, задачу изменил другой пользователь.</p>
            )}
            <p>Ваши изменения не сохранены. Загрузите актуальную версию, прежде чем сохранять.</p>
          </Alert>
        ) : null}
        {other.length > 0 ? (
          <Alert role="alert">
            {other.map(([field, messages]) => (
              <ErrorLine key={field}>{messages[0]}</ErrorLine>
            ))}
          </Alert>
        ) : null}
        <TaskFormFields
          values={values}
          onChange={setValues}
          errors={errors}
          assigneeOptions={assigneeOptionsOf(task, assignees)}
          defaultAssigneeId={task.assignee.id}
          withNote
        />
      </Form>
    </Dialog>
  );
}
