import { ApiError } from '@crm/shared/api-client';
import { ERROR_CODE } from '@crm/shared/schemas/mini';

export const isDocumentVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === ERROR_CODE.DOCUMENT_VERSION_CONFLICT;
