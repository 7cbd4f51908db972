import type { ComponentType, ReactNode } from 'react';
import { lazyComponent } from '@crm/shared/ui';
import { RICH_TEXT_EDITOR_HEIGHT } from '../editor-height';
import type { RichTextEditorProps } from '../rich-text-editor';
import { EditorFallback } from './editor-fallback';
import { editorPart } from './editor-part';

export interface LazyRichTextEditorProps extends RichTextEditorProps {
  /** What shows while the editor is fetched; by default an {@link EditorFallback} at the editor's height. */
  fallback?: ReactNode;
}

/**
 * The rich-text editor, fetched the first time one renders: no Suspense needed around it. The one lazy editor of the
 * app; pages import this, never `@crm/shared/editor` itself, so Lexical stays out of their first load.
 */
export const LazyRichTextEditor = lazyComponent(
  editorPart,
  (editor): ComponentType<LazyRichTextEditorProps> => editor.RichTextEditor,
  'LazyRichTextEditor',
  { fallback: ({ fallback, height }) => fallback ?? <EditorFallback height={height ?? RICH_TEXT_EDITOR_HEIGHT} /> },
);
