import { Spinner } from '@crm/shared/ui';
import { LazyRichTextEditor } from '@crm/shared/editor/lazy';

export interface CommentBodyEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: readonly string[];
}

// Comments are shorter than lead notes: a lower editing area than the spec's 400 px default keeps the timeline readable.
const COMMENT_EDITOR_HEIGHT = 200;

/** The rich-text editor for a comment body, loaded on demand. */
export function CommentBodyEditor({ label, value, onChange, error }: CommentBodyEditorProps) {
  return (
    <LazyRichTextEditor
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      height={COMMENT_EDITOR_HEIGHT}
      fallback={<Spinner label="Загрузка редактора" />}
    />
  );
}
