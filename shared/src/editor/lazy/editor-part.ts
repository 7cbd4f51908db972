import { lazyPart } from '@crm/shared/ui';

/**
 * The Lexical editor and its read-only view (~120 KB gzip with their styles): fetched the first time a page draws one,
 * never with the page. A failed fetch reaches the page's error boundary (`LazyPartLoadError`), whose retry fetches again.
 */
export const editorPart = lazyPart('editor', () => import('@crm/shared/editor'));

/** Fetches the editor ahead of its first render (a test that drives it at once, as a page is after first use). */
export const loadEditor = () => editorPart.load();
