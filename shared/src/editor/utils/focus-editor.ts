import type { LexicalEditor } from 'lexical';

// Returns focus to the editor with its selection. Lexical focuses by placing the DOM selection, which browsers
// follow but some environments (jsdom, a few embedded webviews) do not; focusing the root afterwards covers them.
export function focusEditor(editor: LexicalEditor): void {
  editor.focus();
  const root = editor.getRootElement();
  if (root !== null && document.activeElement !== root) root.focus({ preventScroll: true });
}
