import styled from 'styled-components';
import { Chip, ErrorState, Spinner } from '@crm/shared/ui';
import { useDeliveries } from '../api/webhooks';
import { eventLabel } from '../utils/event-labels';

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'medium' });

// A list rather than a table: each attempt wraps onto lines of its own on a phone instead of scrolling sideways.
const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.75rem;
  padding: 0.5rem 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Why = styled.span`
  flex-basis: 100%;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.errorText};
`;

/** The newest attempts of one webhook: when, which event, which attempt, the answer's status and how long it took. */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const { data, error, isLoading, mutate } = useDeliveries(webhookId);
  if (error && !data) return <ErrorState title="Не удалось загрузить журнал доставок" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Spinner label="Загрузка журнала доставок" />;
  if (data.length === 0) return <Muted>Доставок пока не было</Muted>;
  return (
    <List aria-label="Журнал доставок">
      {data.map((delivery) => (
        <Item key={delivery.id}>
          <Chip size="sm" color={delivery.ok ? 'success' : 'error'}>
            {delivery.status_code ?? 'нет ответа'}
          </Chip>
          <span>{eventLabel(delivery.event)}</span>
          <Muted>{dateTime.format(new Date(delivery.created_at))}</Muted>
          <Muted>попытка {delivery.attempt}</Muted>
          <Muted>{delivery.duration_ms} мс</Muted>
          {delivery.error ? <Why>{delivery.error}</Why> : null}
        </Item>
      ))}
    </List>
  );
}
