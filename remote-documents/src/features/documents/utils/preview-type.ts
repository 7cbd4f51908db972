/** How the preview dialog shows a file. */
export type PreviewType = 'image' | 'pdf' | 'office' | 'unsupported';

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);
const OFFICE = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);

/** The extension of a URL's path, lower-cased, ignoring the query string and fragment ('' when there is none). */
export function urlExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the raw segment still has its extension.
  }
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Decided from the extension of the file URL before any query string. */
export function previewType(url: string): PreviewType {
  const extension = urlExtension(url);
  if (IMAGE.has(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (OFFICE.has(extension)) return 'office';
  return 'unsupported';
}
