import { useChannelEvent } from '@crm/shared/realtime';
import type { LeadChangedEvent } from '@crm/shared/schemas';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';
import { useRevalidateLeads } from './use-revalidate-leads';

/**
 * Keeps an open leads list, kanban or lead detail current: any lead change announced on the leads channel
 * refetches the cached reads, each through the caller's own scope (events carry ids only).
 */
export function useLiveLeads(filter?: (event: LeadChangedEvent) => boolean): void {
  const revalidate = useRevalidateLeads();
  useChannelEvent<LeadChangedEvent>(realtimeChannels.leads, realtimeEvents.leadChanged, (event) => {
    if (!filter || filter(event)) revalidate();
  });
}
