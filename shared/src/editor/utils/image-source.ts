import { isSafeImageUrl } from './safe-url';

/**
 * Where an image in the editor comes from:
 * - `own`: this site (an upload answer such as `/api/uploads/…`), kept as a path;
 * - `data`: inline data (a pasted screenshot), uploaded so notes stay small;
 * - `outside`: another site, never shown or stored — it is copied (uploaded) or left out, because every reader's
 *   browser would otherwise call that site when the note is opened.
 */
export type ImageSource = { kind: 'own'; src: string } | { kind: 'data'; src: string } | { kind: 'outside'; src: string };

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]+={0,2}$/i;

/** Classifies an image URL; null when it can never be an image source (javascript:, other data:, garbage). */
export function imageSource(url: string): ImageSource | null {
  const src = url.trim();
  if (DATA_IMAGE.test(src)) return { kind: 'data', src };
  if (!isSafeImageUrl(src)) return null;
  const parsed = new URL(src, window.location.origin);
  if (parsed.origin === window.location.origin) return { kind: 'own', src: `${parsed.pathname}${parsed.search}` };
  return { kind: 'outside', src: parsed.href };
}
