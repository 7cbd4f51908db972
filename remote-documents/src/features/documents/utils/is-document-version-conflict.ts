import { ApiError } from '@crm/shared/api-client';

export const isDocumentVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'DOCUMENT_VERSION_CONFLICT';
