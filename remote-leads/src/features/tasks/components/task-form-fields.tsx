import styled from 'styled-components';
import type { FieldErrors } from '@crm/shared/api-client';
import { TASK_TYPES } from '@crm/shared/schemas/mini';
import { Select, type SelectOption, TextAreaField, TextField } from '@crm/shared/ui';
import { reminderOptions, type TaskFormValues } from '../utils/task-form-values';
import { NO_REMINDER, TASK_TYPE_LABELS } from '../utils/task-time';

export interface TaskFormFieldsProps {
  values: TaskFormValues;
  onChange: (values: TaskFormValues) => void;
  /** The server's messages by field; each field shows its first. */
  errors: FieldErrors;
  /** Who may be given the task; the field shows only when there is a choice. `assigneeId` null reads as `defaultAssigneeId`. */
  assigneeOptions?: readonly SelectOption<number>[];
  defaultAssigneeId?: number;
  /** The note field (the edit form; the quick add stays short). */
  withNote?: boolean;
}

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 0.75rem;
  align-items: start;
`;

const Note = styled(TextAreaField)`
  grid-column: 1 / -1;
`;

/** The task's fields, shared by the quick add and the edit dialog: type, title, due time (local), reminder, assignee, note. */
export function TaskFormFields({ values, onChange, errors, assigneeOptions = [], defaultAssigneeId, withNote }: TaskFormFieldsProps) {
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => onChange({ ...values, [key]: value });
  return (
    <Fields>
      <Select
        label="Тип"
        options={TASK_TYPES.map((value) => ({ value, label: TASK_TYPE_LABELS[value] }))}
        value={values.type}
        onChange={(value) => set('type', value ?? 'task')}
        error={errors.type}
      />
      <TextField label="Задача" value={values.title} onChange={(event) => set('title', event.target.value)} error={errors.title} maxLength={200} />
      <TextField label="Срок" type="datetime-local" value={values.due} onChange={(event) => set('due', event.target.value)} error={errors.due_at} />
      <Select
        label="Напоминание"
        options={reminderOptions(values.reminder)}
        value={values.reminder}
        onChange={(value) => set('reminder', value ?? NO_REMINDER)}
        error={errors.remind_before_minutes}
      />
      {assigneeOptions.length > 1 ? (
        <Select
          label="Исполнитель"
          options={assigneeOptions}
          value={values.assigneeId ?? defaultAssigneeId}
          onChange={(value) => set('assigneeId', value)}
          error={errors.assignee_id}
        />
      ) : null}
      {withNote ? (
        <Note label="Заметка" value={values.note} onChange={(event) => set('note', event.target.value)} error={errors.note} autoGrow maxRows={10} />
      ) : null}
    </Fields>
  );
}
