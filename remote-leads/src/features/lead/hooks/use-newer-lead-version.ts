import { useState } from 'react';
import { useChannelEvent } from '@crm/shared/realtime';
import type { LeadChangedEvent } from '@crm/shared/schemas';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';

export interface NewerLeadVersion {
  version: number | null;
  by: string | null;
  deleted: boolean;
}

/**
 * Whether the lead open in a form was changed by someone else after it was read: the form shows it before a save
 * would run into the 409.
 */
export function useNewerLeadVersion(leadId: number | null, readVersion: number | null, myUserId: number | null): NewerLeadVersion | null {
  const [newer, setNewer] = useState<NewerLeadVersion & { leadId: number; readVersion: number | null } | null>(null);
  useChannelEvent<LeadChangedEvent>(leadId === null ? null : realtimeChannels.leads, realtimeEvents.leadChanged, (event) => {
    if (leadId === null || !event.ids.includes(leadId) || event.by?.id === myUserId) return;
    if (event.type === 'deleted') {
      setNewer({ leadId, readVersion, version: null, by: event.by?.name ?? null, deleted: true });
      return;
    }
    const version = event.versions?.[String(leadId)];
    if (version !== undefined && readVersion !== null && version > readVersion) {
      setNewer({ leadId, readVersion, version, by: event.by?.name ?? null, deleted: false });
    }
  });
  // A reload (a new read version) or another lead clears the notice.
  if (!newer || newer.leadId !== leadId || newer.readVersion !== readVersion) return null;
  return { version: newer.version, by: newer.by, deleted: newer.deleted };
}
