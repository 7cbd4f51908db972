import { useState } from 'react';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { errorMessage } from '@crm/shared/api-client';
import type { LeadDuplicateGroup } from '@crm/shared/schemas';
import { Button, Card, EmptyState, ErrorState, Spinner } from '@crm/shared/ui';
import { formatLeadName } from '../../../utils/format-lead-name';
import { useLeadDuplicates } from '../api/get-lead-duplicates';
import { MergeLeadsDialog } from './merge-leads-dialog';

const Groups = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Group = styled.li`
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0 0 0.5rem; font-size: 1rem; font-weight: 500; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  padding: 0.25rem 0;
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Pager = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem 1.25rem;
`;

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 3rem 0;
`;

const heading = (group: LeadDuplicateGroup) =>
  group.reason === 'phone' ? `Одинаковый телефон: ${group.leads[0]?.phone ?? group.key}` : `Одинаковые фамилия и имя: ${formatLeadName(group.leads[0] ?? { surname: '', firstname: '' }) || group.key}`;

/**
 * Возможные дубли: groups of leads the caller may see with the same phone, or the same surname and first name; each
 * lead after the first can be merged with the first.
 */
export function LeadDuplicates() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useLeadDuplicates(page);
  const [merging, setMerging] = useState<[number, number] | null>(null);

  let content;
  if (error && !data) content = <ErrorState title="Не удалось загрузить возможные дубли" message={errorMessage(error)} onRetry={() => void mutate()} />;
  else if (!data || isLoading) content = <Centered><Spinner label="Загрузка" /></Centered>;
  else if (data.data.length === 0) content = <EmptyState title="Дублей не найдено" message="Лидов с одинаковым телефоном или одинаковыми фамилией и именем нет." />;
  else {
    content = (
      <>
        <Groups aria-label="Возможные дубли">
          {data.data.map((group) => (
            <Group key={`${group.reason}:${group.key}`}>
              <h3>
                {heading(group)} · {group.count}
              </h3>
              {group.leads.map((lead, index) => (
                <Row key={lead.id}>
                  <Link to={`/leads/${lead.id}`}>{formatLeadName(lead) || `#${lead.id}`}</Link>
                  <span>
                    {lead.phone || '—'} · {lead.status?.name ?? 'Без статуса'} · #{lead.id}
                  </span>
                  {index > 0 ? (
                    <Button variant="secondary" size="sm" onClick={() => setMerging([group.leads[0].id, lead.id])} aria-label={`Объединить ${formatLeadName(lead) || `#${lead.id}`} с #${group.leads[0].id}`}>
                      Объединить
                    </Button>
                  ) : null}
                </Row>
              ))}
            </Group>
          ))}
        </Groups>
        {data.meta.last_page > 1 ? (
          <Pager>
            <Button variant="text" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Назад
            </Button>
            <span>
              {page} / {data.meta.last_page}
            </span>
            <Button variant="text" size="sm" disabled={page >= data.meta.last_page} onClick={() => setPage(page + 1)}>
              Далее
            </Button>
          </Pager>
        ) : null}
      </>
    );
  }

  return (
    <Card flush>
      {content}
      {merging ? <MergeLeadsDialog firstId={merging[0]} secondId={merging[1]} onClose={() => setMerging(null)} onMerged={() => void mutate()} /> : null}
    </Card>
  );
}
