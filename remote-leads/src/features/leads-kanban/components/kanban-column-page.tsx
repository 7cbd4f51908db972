import { errorMessage } from '@crm/shared/api-client';
import type { ReactNode } from 'react';
import type { LeadListItem } from '@crm/shared/schemas';
import { Spinner } from '@crm/shared/ui';
import { useLeads, type LeadsRequest } from '../../../api/get-leads';

export interface KanbanColumnPageProps {
  request: LeadsRequest;
  renderLeads: (leads: readonly LeadListItem[]) => ReactNode;
}

/** A further batch of a column, loaded by "Показать ещё"; one component per batch so each has its own request. */
export function KanbanColumnPage({ request, renderLeads }: KanbanColumnPageProps) {
  const { data, error } = useLeads(request);
  if (error && !data) return <p role="alert">{errorMessage(error)}</p>;
  if (!data) return <Spinner size={24} />;
  return <>{renderLeads(data.data)}</>;
}
