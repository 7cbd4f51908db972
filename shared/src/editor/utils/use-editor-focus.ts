import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { BLUR_COMMAND, COMMAND_PRIORITY_LOW, FOCUS_COMMAND } from 'lexical';
import { useCallback, useEffect, useState, type FocusEvent, type RefObject } from 'react';

function within(element: HTMLElement | null, target: EventTarget | null): boolean {
  return element !== null && target instanceof Node && element.contains(target);
}

// Whether the user is working in the editor, counting a floating bar of it (`bar`) as part of it: context
// bars stay while their own input has focus and disappear once focus leaves both.
// Returns the state and an onBlur handler for the bar.
export function useEditorFocus(bar: RefObject<HTMLElement | null>): [boolean, (event: FocusEvent) => void] {
  const [editor] = useLexicalComposerContext();
  const [focused, setFocused] = useState(() => within(editor.getRootElement(), document.activeElement));

  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          FOCUS_COMMAND,
          () => {
            setFocused(true);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          BLUR_COMMAND,
          (event) => {
            if (!within(bar.current, event.relatedTarget)) setFocused(false);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, bar],
  );

  const onBarBlur = useCallback(
    (event: FocusEvent) => {
      if (!within(bar.current, event.relatedTarget) && !within(editor.getRootElement(), event.relatedTarget)) {
        setFocused(false);
      }
    },
    [editor, bar],
  );

  return [focused, onBarBlur];
}
