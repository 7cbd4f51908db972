import { lazy } from 'react';

/** The read-only view of the editor's HTML, for the view page. */
export const LazyRichTextView = lazy(() => import('@crm/shared/editor').then((editor) => ({ default: editor.RichTextView })));
