import { lazy, Suspense, useMemo } from 'react';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { useNavigate } from '@crm/shared/router';
import { LeadFormPage } from '../../features/lead/components/lead-form-page';

// Shown only when editing a lead whose number another lead has: its own chunk, with the merge dialog and the classic
// schemas it parses with, not part of the form's first screen (docs/decisions/080).
const MergeLeadButton = lazy(() =>
  import('../../features/lead-merge/components/merge-lead-button').then((m) => ({ default: m.MergeLeadButton })),
);

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
        <Suspense fallback={null}>
          <MergeLeadButton
            lead={{ id: leadId }}
            otherId={duplicate.id}
            variant="text"
            label={`Объединить с ${`${duplicate.surname} ${duplicate.firstname}`.trim() || `#${duplicate.id}`}`}
            onMerged={(kept) => navigate(`/leads/${kept.id}`)}
          />
        </Suspense>
      )}
    />
  );
}
