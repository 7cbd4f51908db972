import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of sanitised HTML without markup, blocks separated by spaces: what search indexes and excerpts show. */
export function htmlToPlainText(html: string): string {
  const spaced = html.replace(/<(?:br|\/?(?:p|li|h[1-6]|div|td|th|tr|blockquote|pre|summary|details))\b[^>]*>/gi, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'template'] });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    // eslint-disable-next-line no-control-regex -- control characters never belong in indexed text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
