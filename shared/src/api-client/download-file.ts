import { fetchApi, type QueryParams } from './api-client';

/**
 * The file name a `Content-Disposition` header gives, or undefined. Prefers the RFC 5987 `filename*=UTF-8''…`
 * form (non-Latin names) over `filename="…"`, and drops any directory part.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || undefined;
}

function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking in the same task can cancel the download in some browsers; the next task is late enough.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/**
 * Downloads a file answer of the API (`/api` + path + query) with the same Bearer header as `api`,
 * and hands it to the browser as a download named by the server's `Content-Disposition` (else `fallbackName`).
 * Resolves to the saved name. Failures throw `ApiError`; a 401 ends the session as `api` does.
 */
export async function downloadFile(path: string, query?: QueryParams, fallbackName = 'download'): Promise<string> {
  const response = await fetchApi('GET', path, { query, accept: '*/*' });
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}
