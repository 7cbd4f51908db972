import { lazy } from 'react';

/** The Lexical editor is large: fetched only when the form renders it. */
export const LazyRichTextEditor = lazy(() => import('@crm/shared/editor').then((editor) => ({ default: editor.RichTextEditor })));
