import { lazyPart } from '@crm/shared/ui';

/**
 * The Lexical editor (~120 KB gzip with its styles): fetched the first time a page draws one (LazyRichTextEditor) or
 * the user first turns to a field (DeferredRichTextEditor), never with the page. The read-only view needs no Lexical and
 * is not in it. A failed fetch reaches the page's error boundary (`LazyPartLoadError`), whose retry fetches again.
 */
export const editorPart = lazyPart('editor', () => import('@crm/shared/editor'));

/** Fetches the editor ahead of its first render (a test that drives it at once, as a page is after first use). */
export const loadEditor = () => editorPart.load();
