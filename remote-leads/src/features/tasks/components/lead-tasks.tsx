import { useCallback } from 'react';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { apiKeysUnder, errorMessage, usePendingDeletes } from '@crm/shared/api-client';
import type { CommentStep } from '@crm/shared/schemas';
import { Card, ErrorState, Spinner } from '@crm/shared/ui';
import { pendingTaskKey } from '../api/delete-task';
import { useLeadTasks } from '../api/get-lead-tasks';
import { TaskItem } from './task-item';
import { TaskQuickAdd } from './task-quick-add';

export interface LeadTasksProps {
  leadId: number;
  /** Comment steps, for the comment a done call may add. */
  steps?: readonly CommentStep[];
  /** The lead's responsible users, offered as assignees besides the caller. */
  assignees?: readonly { id: number; name: string }[];
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The lead's open tasks, above its comments, with the quick add (docs/decisions/074). */
export function LeadTasks({ leadId, steps, assignees }: LeadTasksProps) {
  const tasks = useLeadTasks(leadId);
  const { mutate } = useSWRConfig();
  // A task change touches the lead's tasks and comments, "Мой день" and the menu count.
  const refresh = useCallback(() => {
    void mutate(apiKeysUnder(`/leads/${leadId}`));
    void mutate(apiKeysUnder('/tasks'));
  }, [leadId, mutate]);
  // A task whose delete waits for 'Отменить' stays hidden, whatever a refetch answers (docs/decisions/064).
  const pending = usePendingDeletes();
  const open = (tasks.data?.data ?? []).filter((task) => !task.done && !pending.has(pendingTaskKey(task.id)));

  let body;
  if (tasks.error) body = <ErrorState title="Не удалось загрузить задачи" message={errorMessage(tasks.error)} onRetry={() => void tasks.mutate()} />;
  else if (!tasks.data) body = <Spinner label="Загрузка задач" />;
  else if (open.length === 0) body = <Empty>Открытых задач нет</Empty>;
  else
    body = (
      <List>
        {open.map((task) => (
          <TaskItem key={task.id} task={task} steps={steps} assignees={assignees} onChanged={refresh} />
        ))}
      </List>
    );

  return (
    <Card title="Задачи" id="tasks">
      {body}
      <TaskQuickAdd leadId={leadId} assignees={assignees} onAdded={refresh} />
    </Card>
  );
}
