import { useMemo } from 'react';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { useNavigate } from '@crm/shared/router';
import { LeadFormPage } from '../../features/lead/components/lead-form-page';
import { MergeLeadButton } from '../../features/lead-merge/components/merge-lead-button';

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
  const navigate = useNavigate();
  return (
    <LeadFormPage
      statusOptions={statusOptions}
      statusesLoading={isLoading}
      renderPhoneDuplicateAction={(leadId, duplicate) => (
        <MergeLeadButton
          lead={{ id: leadId }}
          otherId={duplicate.id}
          variant="text"
          label={`Объединить с ${`${duplicate.surname} ${duplicate.firstname}`.trim() || `#${duplicate.id}`}`}
          onMerged={(kept) => navigate(`/leads/${kept.id}`)}
        />
      )}
    />
  );
}
