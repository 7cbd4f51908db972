import type { ComponentType, ReactNode } from 'react';
import { lazyComponent } from '@crm/shared/ui';
import type { RichTextViewProps } from '../rich-text-view';
import { EditorFallback } from './editor-fallback';
import { editorPart } from './editor-part';

export interface LazyRichTextViewProps extends RichTextViewProps {
  /** What shows while the view is fetched; by default an {@link EditorFallback}. */
  fallback?: ReactNode;
}

/** The editor's read-only view of its HTML, fetched with the editor's styles the first time one renders. */
export const LazyRichTextView = lazyComponent(
  editorPart,
  (editor): ComponentType<LazyRichTextViewProps> => editor.RichTextView,
  'LazyRichTextView',
  { fallback: ({ fallback }) => fallback ?? <EditorFallback /> },
);
