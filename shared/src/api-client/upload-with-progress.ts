import { apiErrorSchema } from '@crm/shared/schemas/mini';
import { buildApiUrl } from './api-client';
import { ABORTED_CODE, ApiError } from './api-error';
import { clearSession, getAccessToken, UNAUTHORIZED_EVENT } from './storage';

export interface UploadProgressOptions {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload; the promise rejects with an ApiError of status 0 and code ABORTED. */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form to the API like `api.post`, with the same headers and errors, but through XMLHttpRequest:
 * fetch reports no upload progress, and a file card shows a progress bar while its file is sent.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadProgressOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'The server could not be reached'));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', { code: ABORTED_CODE }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) {
        clearSession();
        window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
      }
      const parsed = apiErrorSchema.safeParse(body);
      reject(
        parsed.success
          ? new ApiError(xhr.status, parsed.data.message, { code: parsed.data.code, errors: parsed.data.errors, body })
          : new ApiError(xhr.status, xhr.status === 413 ? 'Payload Too Large' : `Request failed with status ${xhr.status}`),
      );
    };
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError(0, 'Upload cancelled', { code: ABORTED_CODE }));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
