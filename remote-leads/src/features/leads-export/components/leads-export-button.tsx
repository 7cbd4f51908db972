import { useState } from 'react';
import { errorMessage } from '@crm/shared/api-client';
import { Button, IconDownload, useToast } from '@crm/shared/ui';
import { exportLeads, type LeadsExportQuery } from '../api/export-leads';

export interface LeadsExportButtonProps {
  /** The list's current filters (search, status_id, user_id, favorite, sort); page and per_page are ignored. */
  query: LeadsExportQuery;
}

/** 'Экспорт': downloads the leads the list's filters match as CSV (GET /api/leads/export). */
export function LeadsExportButton({ query }: LeadsExportButtonProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await exportLeads(query);
    } catch (error) {
      toast.error(`Не удалось выгрузить лидов: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" startIcon={<IconDownload size={18} />} loading={busy} onClick={() => void run()}>
      Экспорт
    </Button>
  );
}
