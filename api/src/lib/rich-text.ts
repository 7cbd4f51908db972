import sanitizeHtml from 'sanitize-html';

/** The only embeds the editor makes (shared/src/editor/utils/parse-video-url.ts builds these from a validated id). */
const VIDEO_EMBED = /^https:\/\/(?:www\.youtube\.com\/embed\/[\w-]+|player\.vimeo\.com\/video\/\d+(?:\?h=[\da-f]+)?)$/i;
const LINK_HREF = /^(?:https?:|mailto:)/i;
/**
 * Only images from this server — the files POST /api/upload stored — or inline raster data. An outside image would
 * make every reader's browser call a host of the author's choosing (tracking who opens a lead, and when); the editor
 * uploads pasted outside images instead, and the CSP (img-src) blocks any that slip through.
 */
const IMAGE_SRC = /^(?:\/api\/uploads\/[0-9a-f]{32}\.(?:png|jpg|gif|webp)|data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]+={0,2})$/i;
const DIMENSION = /^\d{1,4}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote',
    'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'pre', 'code', 'span',
    'details', 'summary', 'div', 'iframe',
  ],
  allowedAttributes: {
    ul: ['__lexicallisttype'],
    ol: ['__lexicallisttype', 'start'],
    li: ['role', 'aria-checked', 'value'],
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    details: ['open'],
    div: ['data-collapsible-content'],
    iframe: ['src', 'width', 'height', 'title', 'frameborder', 'allow', 'allowfullscreen'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'player.vimeo.com'],
  // Dropped with their content rather than unwrapped: their text is code or markup, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'object', 'embed'],
  transformTags: {
    // Links open outside the app and cannot reach back through window.opener.
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const safe: sanitizeHtml.Attributes = { rel: 'noopener noreferrer nofollow', target: '_blank' };
      if (LINK_HREF.test(href)) safe.href = href;
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const safe: sanitizeHtml.Attributes = {};
      if (IMAGE_SRC.test(attribs.src ?? '')) safe.src = attribs.src;
      if (attribs.alt !== undefined) safe.alt = attribs.alt;
      for (const size of ['width', 'height'] as const) if (DIMENSION.test(attribs[size] ?? '')) safe[size] = attribs[size];
      return { tagName, attribs: safe };
    },
    // The attributes an embed needs, with fixed permissions whatever the input asked for.
    iframe: (tagName, attribs) => {
      const safe: sanitizeHtml.Attributes = { frameborder: '0', allow: 'fullscreen; picture-in-picture; encrypted-media', allowfullscreen: 'true' };
      if (VIDEO_EMBED.test(attribs.src ?? '')) safe.src = attribs.src;
      if (attribs.title !== undefined) safe.title = attribs.title;
      for (const size of ['width', 'height'] as const) if (DIMENSION.test(attribs[size] ?? '')) safe[size] = attribs[size];
      return { tagName, attribs: safe };
    },
  },
  // An image or embed whose source was refused above is removed, not left as an empty element.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
};

/** Text with nothing to escape or strip; most notes and CSV cells are like this, so they skip the parser. */
const PLAIN_TEXT = /^[^<>&]*$/;

/**
 * The HTML of lead notes and comments as it may be stored: the editor's output (formatting, lists incl. checklists,
 * links, images, tables, code, collapsible sections, YouTube/Vimeo embeds) and nothing else — no scripts, event
 * handlers, styles or javascript: URLs.
 */
export function sanitizeRichText(html: string): string {
  if (PLAIN_TEXT.test(html)) return html.trim();
  return sanitizeHtml(html, OPTIONS).trim();
}
