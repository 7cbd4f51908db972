import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { ApiError, type FieldErrors, errorMessage, getStoredUser } from '@crm/shared/api-client';
import { TASK_TYPES, type TaskType } from '@crm/shared/schemas';
import { Button, Select, TextField, useToast } from '@crm/shared/ui';
import { createTask } from '../api/create-task';
import { fromLocalInput, REMINDER_OPTIONS, TASK_PRESETS, TASK_TYPE_LABELS, toIsoWithOffset, toLocalInput } from '../utils/task-time';

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

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 0.75rem;
  align-items: start;
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
  const [assigneeId, setAssigneeId] = useState<number | null>(null);
  const [type, setType] = useState<TaskType>('call');
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [reminder, setReminder] = useState<number>(15);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const applyPreset = (index: number) => {
    const preset = TASK_PRESETS[index];
    setType(preset.type);
    setTitle(preset.title);
    setDue(toLocalInput(preset.due(new Date())));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    const dueAt = fromLocalInput(due);
    try {
      await createTask(leadId, {
        type,
        title,
        due_at: dueAt ? toIsoWithOffset(dueAt) : '',
        remind_before_minutes: reminder < 0 ? null : reminder,
        ...(assigneeId === null || assigneeId === me?.id ? {} : { assignee_id: assigneeId }),
      });
      setTitle('');
      setDue('');
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
      <Fields>
        <Select
          label="Тип"
          options={TASK_TYPES.map((value) => ({ value, label: TASK_TYPE_LABELS[value] }))}
          value={type}
          onChange={(value) => setType(value ?? 'task')}
          error={errors.type}
        />
        <TextField label="Задача" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} />
        <TextField label="Срок" type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} error={errors.due_at} />
        <Select
          label="Напоминание"
          options={REMINDER_OPTIONS}
          value={reminder}
          onChange={(value) => setReminder(value ?? -1)}
          error={errors.remind_before_minutes}
        />
        {others.length > 0 && me ? (
          <Select
            label="Исполнитель"
            options={[{ value: me.id, label: 'Я' }, ...others.map((person) => ({ value: person.id, label: person.name }))]}
            value={assigneeId ?? me.id}
            onChange={setAssigneeId}
            error={errors.assignee_id}
          />
        ) : null}
      </Fields>
      <Footer>
        <Button type="submit" loading={saving}>
          Добавить задачу
        </Button>
      </Footer>
    </Form>
  );
}
