import { lazy } from 'react';

/**
 * The Lexical editor is ~120 KB gzip: it is fetched only when a page that edits notes renders it.
 * Wrap it in Suspense (EditorFallback keeps the editor's height while it loads).
 */
export const LazyRichTextEditor = lazy(() =>
  import('@crm/shared/editor').then((editor) => ({ default: editor.RichTextEditor })),
);
