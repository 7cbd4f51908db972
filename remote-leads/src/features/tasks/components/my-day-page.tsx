import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { apiKeysUnder, errorMessage, usePendingDeletes } from '@crm/shared/api-client';
import type { TaskDueFilter } from '@crm/shared/schemas';
import { Button, Card, ErrorState, PageHeader, Spinner } from '@crm/shared/ui';
import { pendingTaskKey } from '../api/delete-task';
import { useTasks } from '../api/get-tasks';
import { CalendarFeedCard } from './calendar-feed-card';
import { TaskItem } from './task-item';
import { TaskQuickAdd } from './task-quick-add';

const Stack = styled.div`
  display: grid;
  gap: 1.5rem;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const GROUPS: readonly { due: TaskDueFilter; title: string; empty: string }[] = [
  { due: 'overdue', title: 'Просрочено', empty: 'Просроченных задач нет' },
  { due: 'today', title: 'Сегодня', empty: 'На сегодня задач больше нет' },
  { due: 'week', title: 'Предстоящие', empty: 'На неделю вперёд задач нет' },
];

function TaskGroup({ due, title, empty, onChanged }: { due: TaskDueFilter; title: string; empty: string; onChanged: () => void }) {
  const tasks = useTasks(due);
  const pending = usePendingDeletes();
  const shown = (tasks.data?.data ?? []).filter((task) => !pending.has(pendingTaskKey(task.id)));
  let body;
  if (tasks.error) body = <ErrorState title="Не удалось загрузить задачи" message={errorMessage(tasks.error)} onRetry={() => void tasks.mutate()} />;
  else if (!tasks.data) body = <Spinner label="Загрузка задач" />;
  else if (shown.length === 0) body = <Empty>{empty}</Empty>;
  else
    body = (
      <List>
        {shown.map((task) => (
          <TaskItem key={task.id} task={task} showLead onChanged={onChanged} />
        ))}
      </List>
    );
  const count = tasks.data ? shown.length : undefined;
  return (
    <Card title={count ? `${title} · ${count}` : title} aria-label={title}>
      {body}
    </Card>
  );
}

/** "Мой день" (/tasks): the caller's open tasks overdue, today and in the week after, or the done ones; the calendar feed. */
export function MyDayPage() {
  const [showDone, setShowDone] = useState(false);
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => {
    void mutate(apiKeysUnder('/tasks'));
  }, [mutate]);

  return (
    <>
      <PageHeader
        title="Мой день"
        actions={
          <Button variant="secondary" aria-pressed={showDone} onClick={() => setShowDone((value) => !value)}>
            {showDone ? 'Открытые задачи' : 'Выполненные'}
          </Button>
        }
      />
      <Stack>
        {showDone ? (
          <TaskGroup due="done" title="Выполненные" empty="Выполненных задач нет" onChanged={refresh} />
        ) : (
          GROUPS.map((group) => <TaskGroup key={group.due} {...group} onChanged={refresh} />)
        )}
        <Card title="Новая задача">
          <TaskQuickAdd leadId={null} onAdded={refresh} />
        </Card>
        <CalendarFeedCard />
      </Stack>
    </>
  );
}
