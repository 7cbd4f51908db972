import type { ReactNode } from 'react';
import type { LeadListItem } from '@crm/shared/schemas';
import { Spinner } from '@crm/shared/ui';
import { useColumnLeads, type ColumnLeadsQuery } from '../api/get-column-leads';

export interface KanbanColumnPageProps {
  query: ColumnLeadsQuery;
  renderLeads: (leads: readonly LeadListItem[]) => ReactNode;
}

/** A further batch of a column, loaded by "Показать ещё"; one component per batch so each has its own request. */
export function KanbanColumnPage({ query, renderLeads }: KanbanColumnPageProps) {
  const { data, error } = useColumnLeads(query);
  if (error && !data) return <p role="alert">{error.message}</p>;
  if (!data) return <Spinner size={24} />;
  return <>{renderLeads(data.data)}</>;
}
