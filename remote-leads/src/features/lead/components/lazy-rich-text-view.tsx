import { lazy } from 'react';

/** The editor's read-only view, split off with the editor's styles so the detail page loads without them. */
export const LazyRichTextView = lazy(() => import('@crm/shared/editor').then((editor) => ({ default: editor.RichTextView })));
