import type { ReactNode } from 'react';
import { RichTextView, type RichTextViewProps } from '../rich-text-view';

export interface LazyRichTextViewProps extends RichTextViewProps {
  /** No longer used: the view draws with the page. */
  fallback?: ReactNode;
}

/**
 * The editor's read-only view of its HTML. It was fetched with Lexical; it needs none (a styled `div` of the sanitised
 * HTML), so it now draws with the page, as {@link RichTextView} from this module does.
 * @deprecated Use `RichTextView` from `@crm/shared/editor/lazy`.
 */
export function LazyRichTextView({ fallback: _fallback, ...props }: LazyRichTextViewProps) {
  return <RichTextView {...props} />;
}
