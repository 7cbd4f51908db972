import { errorMessage } from '@crm/shared/api-client';
import { useMemo } from 'react';
import styled from 'styled-components';
import { Card, ErrorState, Spinner, userDisplayName } from '@crm/shared/ui';
import { useLeadHistory } from '../api/get-lead-history';
import { describeHistoryEntry, type HistoryNames } from '../utils/describe-history-entry';
import { formatDateTime } from '../../../utils/format-date-time';

type Named = { id: number; name: string };

export interface LeadHistoryProps {
  leadId: number;
  /** Known statuses, users and comment steps, to show names instead of the ids the history stores. */
  statuses?: readonly Named[];
  users?: readonly Named[];
  steps?: readonly Named[];
}

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Entry = styled.li`
  padding: 0.75rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child { padding-top: 0; }
  &:last-child { border-bottom: 0; padding-bottom: 0; }
`;

const Title = styled.div`
  font-weight: 500;
  color: ${({ theme }) => theme.colors.text};
`;

const Meta = styled.div`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Changes = styled.ul`
  margin: 0.375rem 0 0;
  padding-inline-start: 1.125rem;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 1.5rem 0;
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const lookup = (items: readonly Named[] | undefined) => {
  const map = new Map((items ?? []).map((item) => [item.id, item.name]));
  return (id: number) => map.get(id);
};

/** The lead's history, newest first: who, when, and what changed, in words. */
export function LeadHistory({ leadId, statuses, users, steps }: LeadHistoryProps) {
  const { data, error, mutate } = useLeadHistory(leadId);
  const deletedStatuses = data?.deleted_statuses;
  const names = useMemo<HistoryNames>(() => {
    const current = lookup(statuses);
    // A deleted status keeps the name it had last (docs/decisions/068); the mark says why it is not in the list.
    const deleted = lookup(deletedStatuses?.map((status) => ({ id: status.id, name: `${status.name} (удалён)` })));
    return { status: (id) => current(id) ?? deleted(id), user: lookup(users), step: lookup(steps) };
  }, [statuses, deletedStatuses, users, steps]);

  let content;
  if (error) {
    content = <ErrorState title="Не удалось загрузить историю" message={errorMessage(error)} onRetry={() => void mutate()} />;
  } else if (!data) {
    content = (
      <Centered>
        <Spinner label="Загрузка истории" />
      </Centered>
    );
  } else if (data.data.length === 0) {
    content = <Empty>Изменений пока нет</Empty>;
  } else {
    content = (
      <List>
        {data.data.map((entry) => {
          const { title, lines } = describeHistoryEntry(entry, names);
          return (
            <Entry key={entry.id}>
              <Title>{title}</Title>
              <Meta>
                {entry.user ? userDisplayName(entry.user) : 'Система'} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </Meta>
              {lines.length > 0 ? (
                <Changes>
                  {lines.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </Changes>
              ) : null}
            </Entry>
          );
        })}
      </List>
    );
  }

  return <Card title="История">{content}</Card>;
}
