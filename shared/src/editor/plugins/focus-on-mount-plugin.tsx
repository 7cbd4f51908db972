import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot } from 'lexical';
import { useLayoutEffect } from 'react';

export interface FocusOnMountPluginProps {
  /** Where the caret goes, in characters of the text from its start; the end when undefined or past it. */
  caretOffset?: number;
}

// Focuses the editor as it mounts, the caret at `caretOffset`. In a layout effect, not an effect: the stand-in that had
// the focus is gone in the same commit, so a key pressed in between would otherwise land on the page.
export function FocusOnMountPlugin({ caretOffset }: FocusOnMountPluginProps) {
  const [editor] = useLexicalComposerContext();
  useLayoutEffect(() => {
    if (caretOffset !== undefined) {
      editor.update(
        () => {
          let rest = caretOffset;
          for (const node of $getRoot().getAllTextNodes()) {
            const size = node.getTextContentSize();
            if (rest <= size) {
              node.select(rest, rest);
              return;
            }
            rest -= size;
          }
          $getRoot().selectEnd();
        },
        { discrete: true },
      );
    }
    editor.focus(undefined, { defaultSelection: 'rootEnd' });
    const root = editor.getRootElement();
    if (root && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
  // Once, as it mounts: a later caretOffset is not a request to move the caret.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);
  return null;
}
