export { DeferredRichTextEditor, type DeferredRichTextEditorProps } from './deferred-rich-text-editor';
export { EditorFallback, type EditorFallbackProps } from './editor-fallback';
export { LazyRichTextEditor, type LazyRichTextEditorProps } from './lazy-rich-text-editor';
export { LazyRichTextView, type LazyRichTextViewProps } from './lazy-rich-text-view';
export { loadEditor } from './editor-part';
export { RichTextView, type RichTextViewProps } from '../rich-text-view';
