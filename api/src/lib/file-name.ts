/** Control characters, and the bidirectional overrides that make `exe.txt` look like `txt.exe`. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file's display name as the user gave it, minus anything that could act as a path or fool a reader: the last
 * path segment only, no control or direction characters, no leading dots, at most 255 characters.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE, '').replace(/^[.\s]+/, '').trim().slice(0, 255);
  return clean === '' ? 'file' : clean;
}
