import { useChannelEvent } from '@crm/shared/realtime';
import type { DocumentChangedEvent } from '@crm/shared/schemas';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';

/**
 * Keeps an open documents screen current: a document created, saved or deleted by someone else (announced on the
 * documents channel with ids only) runs `onChange`, which refetches what this screen shows. `ids` narrows it to
 * events about those documents.
 */
export function useLiveDocuments(onChange: (event: DocumentChangedEvent) => void, ids?: readonly number[]): void {
  useChannelEvent<DocumentChangedEvent>(realtimeChannels.documents, realtimeEvents.documentChanged, (event) => {
    if (!ids || event.ids.length === 0 || event.ids.some((id) => ids.includes(id))) onChange(event);
  });
}
