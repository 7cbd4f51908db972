import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { mergeRegister } from '@lexical/utils';
import {
  $getNodeByKey,
  $getSelection,
  $isNodeSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  KEY_BACKSPACE_COMMAND,
  KEY_DELETE_COMMAND,
  type NodeKey,
} from 'lexical';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import styled from 'styled-components';
import { alpha, useUiText } from '@crm/shared/ui';
import { SET_IMAGE_ALT_COMMAND } from '../utils/editor-commands';
import { imageSource } from '../utils/image-source';

export interface ImageComponentProps {
  nodeKey: NodeKey;
  src: string;
  altText: string;
  width?: number;
  height?: number;
}

const Wrapper = styled.span`
  position: relative;
  display: inline-block;
  max-width: 100%;
`;

const Img = styled.img<{ $selected: boolean }>`
  display: block;
  max-width: 100%;
  height: auto;
  cursor: default;
  outline: ${({ theme, $selected }) => ($selected ? `2px solid ${theme.colors.primary}` : 'none')};
  outline-offset: 1px;
`;

const Actions = styled.span`
  position: absolute;
  inset-block-end: 0.5rem;
  inset-inline-start: 0.5rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem;
  max-width: calc(100% - 1rem);
  padding: 0.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const ActionButton = styled.button<{ $danger?: boolean }>`
  padding: 0.25rem 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.errorText : theme.colors.primaryText)};
  font-size: ${({ theme }) => theme.font.sizeSm};
  cursor: pointer;
  &:hover { background: ${({ theme, $danger }) => alpha($danger ? theme.colors.error : theme.colors.primary, 0.1)}; }
`;

const AltInput = styled.input`
  min-width: 10rem;
  padding: 0.25rem 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizeSm};
  &:focus { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -1px; }
`;

// Stands in for an image of another site while it is copied here: showing it would already call that site.
const Pending = styled.span`
  display: inline-block;
  padding: 0.5rem 0.75rem;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

// Buttons keep the editor's node selection: a mousedown that moved focus would deselect the image first.
const keepSelection = (event: MouseEvent) => event.preventDefault();

// An image inside the editor, with its context actions (alternative text, remove) while it is selected.
export function ImageComponent({ nodeKey, src, altText, width, height }: ImageComponentProps) {
  const t = useUiText();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const imageRef = useRef<HTMLImageElement>(null);
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const [editingAlt, setEditingAlt] = useState(false);
  const [draftAlt, setDraftAlt] = useState(altText);

  useEffect(() => {
    const $onDelete = (event: KeyboardEvent | globalThis.KeyboardEvent) => {
      if (!isSelected || !$isNodeSelection($getSelection())) return false;
      event.preventDefault();
      $getNodeByKey(nodeKey)?.remove();
      return true;
    };
    return mergeRegister(
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          if (event.target !== imageRef.current) return false;
          if (!event.shiftKey) clearSelection();
          setSelected(true);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(KEY_DELETE_COMMAND, $onDelete, COMMAND_PRIORITY_LOW),
      editor.registerCommand(KEY_BACKSPACE_COMMAND, $onDelete, COMMAND_PRIORITY_LOW),
    );
  }, [editor, isSelected, nodeKey, clearSelection, setSelected]);

  const remove = () => editor.update(() => $getNodeByKey(nodeKey)?.remove());
  const startAltEdit = () => {
    setDraftAlt(altText);
    setEditingAlt(true);
  };
  const saveAlt = () => {
    editor.dispatchCommand(SET_IMAGE_ALT_COMMAND, { nodeKey, altText: draftAlt.trim() });
    setEditingAlt(false);
  };
  const onAltKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      saveAlt();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditingAlt(false);
    }
  };

  const showActions = editable && (isSelected || editingAlt);
  if (imageSource(src)?.kind === 'outside') {
    return (
      <Pending role="status" aria-busy="true">
        {t('editor.copyingImage')}
      </Pending>
    );
  }
  return (
    <Wrapper>
      <Img
        ref={imageRef}
        src={src}
        alt={altText}
        width={width}
        height={height}
        draggable={false}
        $selected={isSelected && editable}
      />
      {showActions ? (
        <Actions role="toolbar" aria-label={t('editor.imageActions')}>
          {editingAlt ? (
            <>
              <AltInput
                aria-label={t('editor.altText')}
                value={draftAlt}
                placeholder={t('editor.describeImage')}
                autoFocus
                onChange={(event) => setDraftAlt(event.target.value)}
                onKeyDown={onAltKeyDown}
              />
              <ActionButton type="button" onMouseDown={keepSelection} onClick={saveAlt}>
                {t('common.save')}
              </ActionButton>
              <ActionButton type="button" onMouseDown={keepSelection} onClick={() => setEditingAlt(false)}>
                {t('common.cancel')}
              </ActionButton>
            </>
          ) : (
            <>
              <ActionButton type="button" onMouseDown={keepSelection} onClick={startAltEdit}>
                {t('editor.altTextShort')}
              </ActionButton>
              <ActionButton type="button" $danger onMouseDown={keepSelection} onClick={remove}>
                {t('editor.removeImage')}
              </ActionButton>
            </>
          )}
        </Actions>
      ) : null}
    </Wrapper>
  );
}
