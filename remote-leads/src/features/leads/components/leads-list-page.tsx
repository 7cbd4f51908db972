import { Card, ErrorState, PageHeader, type SelectOption } from '@crm/shared/ui';
import styled from 'styled-components';
import { useLeads } from '../api/get-leads';
import { useLeadsQuery } from '../hooks/use-leads-query';
import { DEFAULT_LEADS_SORT } from '../utils/parse-leads-query';
import { LeadsTable } from './leads-table';
import { LeadsToolbar } from './leads-toolbar';

export interface LeadsListPageProps {
  /** The status filter's choices; app/ passes them from the lead-statuses feature. */
  statusOptions: readonly SelectOption<number>[];
  statusesLoading?: boolean;
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/** /leads/list: one server page of leads; every control writes the URL, and the URL drives the request. */
export function LeadsListPage({ statusOptions, statusesLoading }: LeadsListPageProps) {
  const { query, update } = useLeadsQuery();
  const { data, error, isLoading, mutate } = useLeads(query);

  return (
    <Page>
      <PageHeader title="Лиды" />
      <Card flush>
        <LeadsToolbar
          search={query.search}
          statusId={query.status_id}
          statusOptions={statusOptions}
          statusesLoading={statusesLoading}
          onSearchChange={(search) => update({ search }, { replace: true })}
          onStatusChange={(status_id) => update({ status_id })}
        />
        {error && !data ? (
          <ErrorState title="Не удалось загрузить лидов" message={error.message} onRetry={() => void mutate()} />
        ) : (
          <LeadsTable
            rows={data?.data ?? []}
            meta={data?.meta}
            loading={isLoading}
            page={query.page}
            perPage={query.per_page}
            sort={query.sort}
            onPageChange={(page) => update({ page })}
            onPerPageChange={(per_page) => update({ per_page })}
            onSortChange={(sort) => update({ sort: sort ?? DEFAULT_LEADS_SORT })}
          />
        )}
      </Card>
    </Page>
  );
}
