import { Spinner } from '@crm/shared/ui';
import { DeferredRichTextEditor, LazyRichTextEditor } from '@crm/shared/editor/lazy';

export interface CommentBodyEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: readonly string[];
  /**
   * Fetch the editor only when the user turns to the field, drawing a stand-in of its size until then (the new
   * comment's box, which most visits to a lead leave untouched); otherwise at once (editing a comment, asked for).
   */
  deferred?: boolean;
}

// Comments are shorter than lead notes: a lower editing area than the spec's 400 px default keeps the timeline readable.
const COMMENT_EDITOR_HEIGHT = 200;

/** The rich-text editor for a comment body, loaded on demand. */
export function CommentBodyEditor({ label, value, onChange, error, deferred = false }: CommentBodyEditorProps) {
  const props = { label, value, onChange, error, height: COMMENT_EDITOR_HEIGHT };
  return deferred ? (
    <DeferredRichTextEditor {...props} />
  ) : (
    <LazyRichTextEditor {...props} fallback={<Spinner label="Загрузка редактора" />} />
  );
}
