import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLayoutEffect } from 'react';

// Focuses the editor as it mounts, the caret at the end of its text. In a layout effect, not an effect: the stand-in
// that had the focus is gone in the same commit, so a key pressed in between would otherwise land on the page.
export function FocusOnMountPlugin() {
  const [editor] = useLexicalComposerContext();
  useLayoutEffect(() => {
    editor.focus(undefined, { defaultSelection: 'rootEnd' });
    const root = editor.getRootElement();
    if (root && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
  }, [editor]);
  return null;
}
