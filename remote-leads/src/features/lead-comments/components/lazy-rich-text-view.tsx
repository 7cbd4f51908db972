import { lazy } from 'react';

/** The editor's read-only view for comment bodies, split off with the editor's styles; wrap it in Suspense. */
export const LazyRichTextView = lazy(() => import('@crm/shared/editor').then((editor) => ({ default: editor.RichTextView })));
