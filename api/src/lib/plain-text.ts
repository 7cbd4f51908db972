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

const BLOCK_END = /<br\s*\/?>|<\/(?:p|li|h[1-6]|div|td|th|tr|blockquote|pre|summary|details)>/gi;

/**
 * Sanitised HTML as a person reads it in a spreadsheet cell: no markup, entities decoded, one line per paragraph,
 * list item or line break, runs of spaces collapsed and empty lines left out (the CSV export's notes).
 */
export function htmlToText(html: string): string {
  let text = html;
  if (/[<&]/.test(html)) {
    // In HTML a line break in the source is a space; lines come from the blocks.
    const marked = html.replace(/\s+/g, ' ').replace(BLOCK_END, '$&\n');
    text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'template'] });
    text = text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]);
  }
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters other than line breaks never belong in a cell
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .split(/\r?\n/)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '')
      .join('\n')
  );
}
