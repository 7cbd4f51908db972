import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $findMatchingParent } from '@lexical/utils';
import { $getNodeByKey, $getSelection, $isRangeSelection, type NodeKey } from 'lexical';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import styled from 'styled-components';
import { FloatingBar, FloatingBarButton } from '../components/floating-bar';
import { focusEditor } from '../utils/focus-editor';
import { floatingPositionBelow, type FloatingPosition } from '../utils/floating-position';
import { normaliseLinkUrl } from '../utils/safe-url';
import { useEditorFocus } from '../utils/use-editor-focus';
import { useUiText } from '@crm/shared/ui';

export interface FloatingLinkEditorPluginProps {
  // The positioned wrapper around the content the bar is drawn in.
  anchorElem: HTMLElement | null;
}

interface LinkState {
  key: NodeKey;
  url: string;
}

const Preview = styled.a`
  max-width: 16rem;
  overflow: hidden;
  padding-inline: 0.25rem;
  color: ${({ theme }) => theme.colors.primaryText};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const UrlInput = styled.input<{ $invalid: boolean }>`
  min-width: 14rem;
  padding: 0.25rem 0.5rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: inherit;
  &:focus { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -1px; }
`;

const BAR_WIDTH_GUESS = 280;

const keepEditorFocus = (event: MouseEvent) => event.preventDefault();

function $linkAtSelection(): LinkState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const link = $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
  return $isLinkNode(link) ? { key: link.getKey(), url: link.getURL() } : null;
}

const samePosition = (a: FloatingPosition | null, b: FloatingPosition | null) =>
  a === b || (a !== null && b !== null && a.top === b.top && a.left === b.left);

// The context action on links: while the cursor is in a link, a bar under it opens, edits or removes it.
export function FloatingLinkEditorPlugin({ anchorElem }: FloatingLinkEditorPluginProps) {
  const t = useUiText();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const barRef = useRef<HTMLDivElement>(null);
  const [focused, onBarBlur] = useEditorFocus(barRef);
  const [link, setLink] = useState<LinkState | null>(null);
  const [position, setPosition] = useState<FloatingPosition | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    const refresh = () => {
      const next = editor.read($linkAtSelection);
      setLink((prev) => (prev?.key === next?.key && prev?.url === next?.url ? prev : next));
      if (!next) setEditing(false);
      // Update listeners run after the DOM is reconciled, so the link's element is where it will be drawn.
      const element = next ? editor.getElementByKey(next.key) : null;
      const nextPosition =
        element && anchorElem
          ? floatingPositionBelow(element, anchorElem, barRef.current?.offsetWidth || BAR_WIDTH_GUESS)
          : null;
      setPosition((prev) => (samePosition(prev, nextPosition) ? prev : nextPosition));
    };
    refresh();
    return editor.registerUpdateListener(refresh);
  }, [editor, anchorElem]);

  if (!link || !position || !editable || !(focused || editing)) return null;

  const startEditing = () => {
    setDraft(link.url);
    setInvalid(false);
    setEditing(true);
  };
  const stopEditing = () => {
    setEditing(false);
    focusEditor(editor);
  };
  const save = () => {
    const url = normaliseLinkUrl(draft);
    if (!url) {
      setInvalid(true);
      return;
    }
    editor.update(() => {
      const node = $getNodeByKey(link.key);
      if ($isLinkNode(node)) node.setURL(url);
    });
    stopEditing();
  };
  const remove = () => {
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
    setEditing(false);
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  };

  return (
    <FloatingBar
      ref={barRef}
      role="toolbar"
      aria-label={t('editor.linkActions')}
      style={{ top: position.top, left: position.left }}
      onBlur={onBarBlur}
    >
      {editing ? (
        <>
          <UrlInput
            aria-label={t('editor.linkUrl')}
            aria-invalid={invalid || undefined}
            $invalid={invalid}
            value={draft}
            autoFocus
            onChange={(event) => {
              setDraft(event.target.value);
              setInvalid(false);
            }}
            onKeyDown={onInputKeyDown}
          />
          <FloatingBarButton type="button" onClick={save}>
            {t('common.save')}
          </FloatingBarButton>
          <FloatingBarButton type="button" onClick={stopEditing}>
            {t('common.cancel')}
          </FloatingBarButton>
        </>
      ) : (
        <>
          <Preview href={link.url} target="_blank" rel="noopener noreferrer" title={link.url}>
            {link.url}
          </Preview>
          <FloatingBarButton type="button" onMouseDown={keepEditorFocus} onClick={startEditing}>
            {t('editor.editLink')}
          </FloatingBarButton>
          <FloatingBarButton type="button" $danger onMouseDown={keepEditorFocus} onClick={remove}>
            {t('editor.removeLink')}
          </FloatingBarButton>
        </>
      )}
    </FloatingBar>
  );
}
