import { lazy } from 'react';

/** The Lexical editor (~120 KB gzip) is fetched only when a comment is written or edited; wrap it in Suspense. */
export const LazyRichTextEditor = lazy(() =>
  import('@crm/shared/editor').then((editor) => ({ default: editor.RichTextEditor })),
);
