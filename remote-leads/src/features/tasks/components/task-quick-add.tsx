import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { ApiError, type FieldErrors, errorMessage, getStoredUser } from '@crm/shared/api-client';
import { Button, useToast } from '@crm/shared/ui';
import { createTask } from '../api/create-task';
import { EMPTY_TASK_FORM_VALUES, toDueAt, toRemindBefore } from '../utils/task-form-values';
import { TASK_PRESETS, toLocalInput } from '../utils/task-time';
import { TaskFormFields } from './task-form-fields';

export interface TaskQuickAddProps {
  /** The lead the task is for; null for a task standing alone. */
  leadId: number | null;
  /** Who else may be given the task (a lead's responsible users); without them it is the caller's own. */
  assignees?: readonly { id: number; name: string }[];
  onAdded: () => void;
}

const Form = styled.form`
  display: grid;
  gap: 0.75rem;
  margin-top: 1rem;
  padding-top: 1rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Presets = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * Adds a task: a preset ("Перезвонить завтра в 10:00", "Через час", …) fills the type, title and due time; the due
 * time is sent with the browser's offset. Each field shows the server's first message for it.
 */
export function TaskQuickAdd({ leadId, assignees = [], onAdded }: TaskQuickAddProps) {
  const toast = useToast();
  const me = getStoredUser();
  const others = assignees.filter((person) => person.id !== me?.id);
  const assigneeOptions = me && others.length > 0 ? [{ value: me.id, label: 'Я' }, ...others.map((person) => ({ value: person.id, label: person.name }))] : [];
  const [values, setValues] = useState(EMPTY_TASK_FORM_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const applyPreset = (index: number) => {
    const preset = TASK_PRESETS[index];
    setValues((current) => ({ ...current, type: preset.type, title: preset.title, due: toLocalInput(preset.due(new Date())) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    const { type, title, due, reminder, assigneeId } = values;
    try {
      await createTask(leadId, {
        type,
        title,
        due_at: toDueAt(due),
        remind_before_minutes: toRemindBefore(reminder),
        ...(assigneeId === null || assigneeId === me?.id ? {} : { assignee_id: assigneeId }),
      });
      setValues((current) => ({ ...current, title: '', due: '' }));
      onAdded();
      toast.success('Задача добавлена');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else toast.error(`Не удалось добавить задачу: ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label="Новая задача" noValidate>
      <Presets>
        {TASK_PRESETS.map((preset, index) => (
          <Button key={preset.label} type="button" size="sm" variant="secondary" onClick={() => applyPreset(index)}>
            {preset.label}
          </Button>
        ))}
      </Presets>
      <TaskFormFields values={values} onChange={setValues} errors={errors} assigneeOptions={assigneeOptions} defaultAssigneeId={me?.id} />
      <Footer>
        <Button type="submit" loading={saving}>
          Добавить задачу
        </Button>
      </Footer>
    </Form>
  );
}
