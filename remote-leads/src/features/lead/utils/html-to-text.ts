/** The readable text of stored HTML, for short previews. DOMParser builds an inert document: nothing runs or loads. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
