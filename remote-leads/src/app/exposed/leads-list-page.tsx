import { useRevalidateLeads } from '../../hooks/use-revalidate-leads';
import { useLeadStatuses } from '../../features/lead-statuses/api/get-lead-statuses';
import { LeadsListPage } from '../../features/leads/components/leads-list-page';
import { LeadsBulkBar } from '../../features/leads-bulk/components/leads-bulk-bar';
import { LeadsExportButton } from '../../features/leads-export/components/leads-export-button';
import { LeadsImportButton } from '../../features/leads-import/components/leads-import-button';
import { LeadsKanban } from '../../features/leads-kanban/components/leads-kanban';
import type { LeadStatus } from '@crm/shared/schemas';

const NO_STATUSES: readonly LeadStatus[] = [];

/**
 * Federation module ./leads-list-page (/leads/list). Features do not import each other, so this is where the
 * list gets its statuses, its import/export buttons, the bulk-actions bar and the kanban view.
 */
export default function LeadsListRoute() {
  const { data, isLoading } = useLeadStatuses();
  const statuses = data?.data ?? NO_STATUSES;
  const reloadLeads = useRevalidateLeads();

  return (
    <LeadsListPage
      statuses={statuses}
      statusesLoading={isLoading}
      renderActions={(filters) => (
        <>
          <LeadsImportButton onImported={reloadLeads} />
          <LeadsExportButton query={filters} />
        </>
      )}
      renderBulkActions={(slot) => <LeadsBulkBar {...slot} />}
      renderKanban={(filters) => <LeadsKanban statuses={statuses} statusesLoading={isLoading} filters={filters} />}
    />
  );
}
