import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { CLEAR_HISTORY_COMMAND, HISTORY_MERGE_TAG } from 'lexical';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { $exportContentHtml, $replaceContentWithHtml, HTML_IMPORT_TAG } from '../utils/html-io';

export interface HtmlValuePluginProps {
  // The HTML the editor was created with or last given from outside.
  value: string;
  onChange: (html: string) => void;
}

// Keeps the editor and the `value` prop in step without loops or cursor jumps:
// - every user change is exported as HTML and sent to onChange once (selection-only updates are not);
// - a new `value` is imported only when it differs from the HTML the editor last held and the editor is not
//   focused, so the parent echoing our own output back, or re-rendering while the user types, never resets it
//   (a value that arrives while the user is typing is dropped: their edits win and are reported next).
// The first value is imported by the composer's initial state (see RichTextEditor).
export function HtmlValuePlugin({ value, onChange }: HtmlValuePluginProps) {
  const [editor] = useLexicalComposerContext();
  // The HTML the editor holds, as exported; starts as the raw value until the first export replaces it.
  const lastHtml = useRef(value);
  const lastValue = useRef(value);
  const onChangeRef = useRef(onChange);

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    // Compare user edits with the document as exported, not with the raw value: Lexical normalises what it
    // imports, and that difference alone must not count as a change.
    lastHtml.current = editor.read(() => $exportContentHtml(editor));
    return editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      const html = editor.read(() => $exportContentHtml(editor));
      if (tags.has(HTML_IMPORT_TAG)) {
        lastHtml.current = html;
        return;
      }
      if (html === lastHtml.current) return;
      lastHtml.current = html;
      onChangeRef.current(html);
    });
  }, [editor]);

  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    if (value === lastHtml.current) return;
    const root = editor.getRootElement();
    if (root !== null && root.contains(document.activeElement)) return;
    lastHtml.current = value;
    editor.update(() => $replaceContentWithHtml(editor, value), {
      tag: [HTML_IMPORT_TAG, HISTORY_MERGE_TAG],
      // Committed at once, so the new record never shows the old text for a frame.
      discrete: true,
    });
    // Undo must not step back into the previous record's text.
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
  }, [editor, value]);

  return null;
}
