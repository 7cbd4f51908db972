import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataEnvelope, documentSchema, dataEnvelope } from '@crm/shared/schemas';
import { documentKey, documentPath } from '../utils/document-path';

export type DocumentResponse = DataEnvelope<typeof documentSchema>;

/** A document's answer (GET, create, update), parsed as the host parses its own. */
export const documentResponseSchema = dataEnvelope(documentSchema);

/** GET /api/document/{id} (data.data is the document, with files and links). */
export async function getDocument(id: number): Promise<DocumentResponse> {
  return documentResponseSchema.parse(await api.get<unknown>(documentPath(id)));
}

/** The document for the view page; null waits. */
export function useDocument(id: number | null) {
  return useSWR<DocumentResponse, ApiError>(id === null ? null : documentKey(id), () => getDocument(id!));
}
