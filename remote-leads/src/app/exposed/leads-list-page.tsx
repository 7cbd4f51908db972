import { lazy, Suspense } from 'react';
import { useRevalidateLeads } from '../../hooks/use-revalidate-leads';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { LeadsListPage } from '../../features/leads/components/leads-list-page';
import { LeadsExportButton } from '../../features/leads-export/components/leads-export-button';
import { LeadsImportButton } from '../../features/leads-import/components/leads-import-button';
import { SavedViewTabs } from '../../features/saved-views/components/saved-view-tabs';
import type { LeadStatus } from '@crm/shared/schemas';
import { Spinner } from '@crm/shared/ui';

// Not part of the list's first render (docs/decisions/033): the bulk bar shows once rows are selected and the kanban
// once the view is switched, so each is its own chunk, fetched then.
const LeadsBulkBar = lazy(() =>
  import('../../features/leads-bulk/components/leads-bulk-bar').then((m) => ({ default: m.LeadsBulkBar })),
);
const MergeSelectedButton = lazy(() =>
  import('../../features/lead-merge/components/merge-selected-button').then((m) => ({ default: m.MergeSelectedButton })),
);
const LeadDuplicates = lazy(() =>
  import('../../features/lead-merge/components/lead-duplicates').then((m) => ({ default: m.LeadDuplicates })),
);
const LeadsKanban = lazy(() =>
  import('../../features/leads-kanban/components/leads-kanban').then((m) => ({ default: m.LeadsKanban })),
);

const NO_STATUSES: readonly LeadStatus[] = [];

/**
 * Federation module ./leads-list-page (/leads/list). Features do not import each other, so this is where the
 * list gets its statuses, its saved views' tabs, its import/export buttons, the bulk-actions bar and the kanban view.
 */
export default function LeadsListRoute() {
  const { data, isLoading } = useLeadStatuses();
  const statuses = data?.data ?? NO_STATUSES;
  const reloadLeads = useRevalidateLeads();

  return (
    <LeadsListPage
      statuses={statuses}
      statusesLoading={isLoading}
      tabs={<SavedViewTabs />}
      renderActions={(filters) => (
        <>
          <LeadsImportButton onImported={reloadLeads} />
          <LeadsExportButton query={filters} />
        </>
      )}
      renderBulkActions={(slot) => (
        <Suspense fallback={null}>
          <LeadsBulkBar
            {...slot}
            extraActions={
              slot.selectedIds.length === 2 ? (
                // Its own boundary: the bar stays on screen while the button's chunk loads.
                <Suspense fallback={null}>
                  <MergeSelectedButton selectedIds={slot.selectedIds} onMerged={slot.onDone} />
                </Suspense>
              ) : null
            }
          />
        </Suspense>
      )}
      renderDuplicates={() => (
        <Suspense fallback={<Spinner size={32} />}>
          <LeadDuplicates />
        </Suspense>
      )}
      renderKanban={(filters) => (
        <Suspense fallback={<Spinner size={32} />}>
          <LeadsKanban statuses={statuses} statusesLoading={isLoading} filters={filters} />
        </Suspense>
      )}
    />
  );
}
