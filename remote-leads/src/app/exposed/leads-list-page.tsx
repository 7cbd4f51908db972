import { useMemo } from 'react';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { LeadsListPage } from '../../features/leads/components/leads-list-page';

/** Federation module ./leads-list-page (/leads/list): the leads feature, given the statuses for its filter. */
export default function LeadsListRoute() {
  const { data, isLoading } = useLeadStatuses();
  const statusOptions = useMemo(
    () => (data?.data ?? []).map((status) => ({ value: status.id, label: status.name })),
    [data],
  );
  return <LeadsListPage statusOptions={statusOptions} statusesLoading={isLoading} />;
}
