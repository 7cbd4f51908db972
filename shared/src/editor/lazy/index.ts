export { EditorFallback, type EditorFallbackProps } from './editor-fallback';
export { LazyRichTextEditor, type LazyRichTextEditorProps } from './lazy-rich-text-editor';
export { LazyRichTextView, type LazyRichTextViewProps } from './lazy-rich-text-view';
export { loadEditor } from './editor-part';
