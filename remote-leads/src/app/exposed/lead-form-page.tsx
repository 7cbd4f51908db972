import { useMemo } from 'react';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { LeadFormPage } from '../../features/lead/components/lead-form-page';

/**
 * Federation module ./lead-form-page: /leads/create, /leads/add (+ child LeadForm) and /leads/:id/edit; the mode
 * follows the presence of `:id`. The statuses for its select come from the statuses feature.
 */
export default function LeadFormRoute() {
  const { data, isLoading } = useLeadStatuses();
  const statusOptions = useMemo(
    () => (data?.data ?? []).map((status) => ({ value: status.id, label: status.name })),
    [data],
  );
  return <LeadFormPage statusOptions={statusOptions} statusesLoading={isLoading} />;
}
