import type { ImageSource } from './image-source';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

function dataToBlob(src: string): Blob | null {
  const match = /^data:(image\/[a-z]+);base64,(.*)$/i.exec(src);
  if (!match) return null;
  try {
    const bytes = Uint8Array.from(atob(match[2]), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type: match[1].toLowerCase() });
  } catch {
    return null;
  }
}

function nameFor(source: ImageSource, type: string): string {
  const extension = EXTENSIONS[type] ?? 'img';
  if (source.kind === 'data') return `pasted-image.${extension}`;
  const last = new URL(source.src).pathname.split('/').filter(Boolean).at(-1) ?? '';
  return /\.[a-z0-9]{2,4}$/i.test(last) ? decodeURIComponent(last) : `image.${extension}`;
}

/**
 * The bytes of a pasted image as a File to upload, or null when they cannot be had. Inline data is decoded here;
 * another site's image is fetched without cookies or referrer, which works only where that site allows it (CORS)
 * and the page's CSP lets the browser connect there — on the app's own pages it usually does not, and the caller
 * then leaves the image out.
 */
export async function fetchImageFile(source: ImageSource): Promise<File | null> {
  let blob: Blob | null;
  if (source.kind === 'data') {
    blob = dataToBlob(source.src);
  } else {
    try {
      const response = await fetch(source.src, { mode: 'cors', credentials: 'omit', referrerPolicy: 'no-referrer' });
      blob = response.ok ? await response.blob() : null;
    } catch {
      blob = null;
    }
  }
  if (!blob || !blob.type.startsWith('image/')) return null;
  return new File([blob], nameFor(source, blob.type), { type: blob.type });
}
