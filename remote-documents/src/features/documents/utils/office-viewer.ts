/** The Microsoft Office web viewer; `{url}` becomes the file's absolute, encoded URL. */
export const DEFAULT_OFFICE_VIEWER_TEMPLATE = 'https://view.officeapps.live.com/op/embed.aspx?src={url}';

/**
 * The online-viewer template: `<meta name="crm-office-viewer" content="https://…{url}…">` in the page overrides the
 * default, so a deployment can point at its own viewer (e.g. Collabora) without a rebuild.
 */
export function officeViewerTemplate(): string {
  const configured = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="crm-office-viewer"]')?.content;
  return configured && configured.includes('{url}') ? configured : DEFAULT_OFFICE_VIEWER_TEMPLATE;
}

/** The viewer's address for a file URL (made absolute against the page). */
export function officeViewerUrl(fileUrl: string, template = officeViewerTemplate(), origin = window.location.origin): string {
  return template.replace('{url}', encodeURIComponent(new URL(fileUrl, origin).href));
}

/** Whether an online viewer can fetch files from this host: not from localhost or a private network. */
export function isPubliclyReachable(hostname = window.location.hostname): boolean {
  return !/^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$|.*\.local$)/.test(hostname);
}
