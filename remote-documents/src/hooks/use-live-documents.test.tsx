import { renderHook } from '@testing-library/react';
import type { DocumentChangedEvent } from '@crm/shared/schemas';
import { useLiveDocuments } from './use-live-documents';

const handlers: { channel: string | null; event: string; handler: (data: unknown) => void }[] = [];
jest.mock('@crm/shared/realtime', () => ({
  useChannelEvent: (channel: string | null, event: string, handler: (data: unknown) => void) => handlers.push({ channel, event, handler }),
}));

const emit = (event: DocumentChangedEvent) => handlers.at(-1)!.handler(event);

beforeEach(() => (handlers.length = 0));

test('listens for document changes on the documents channel and refreshes on any of them', () => {
  const onChange = jest.fn();
  renderHook(() => useLiveDocuments(onChange));
  expect(handlers.at(-1)).toMatchObject({ channel: 'private-documents', event: 'document.changed' });
  emit({ type: 'created', ids: [7] });
  expect(onChange).toHaveBeenCalledWith({ type: 'created', ids: [7] });
});

test('a view of one document refreshes only for events about it (or about too many to list)', () => {
  const onChange = jest.fn();
  renderHook(() => useLiveDocuments(onChange, [3]));
  emit({ type: 'updated', ids: [4] });
  expect(onChange).not.toHaveBeenCalled();
  emit({ type: 'updated', ids: [3] });
  emit({ type: 'deleted', ids: [] });
  expect(onChange).toHaveBeenCalledTimes(2);
});
