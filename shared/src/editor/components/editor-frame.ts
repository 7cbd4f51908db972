import styled, { css } from 'styled-components';
import { alpha } from '@crm/shared/ui';
import { richTextContentStyles } from './content-styles';

// The editor's outer parts, shared by RichTextEditor and the stand-in that DeferredRichTextEditor draws before
// Lexical is fetched (lazy/deferred-rich-text-editor.tsx), so the two take the same place on the page. No Lexical here.

/** A toolbar button's side; the toolbar is one row of them (what does not fit folds into its "more" menu). */
export const TOOLBAR_BUTTON_SIZE = 32;
/** The toolbar row's padding, both sides together (4 px each side). */
export const TOOLBAR_PADDING = 8;

export const EditorRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
`;

export const EditorLabel = styled.span`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.2;
  cursor: default;
`;

// Outlined like TextField: 1px border, 2px primary border and a soft ring while focused, error colour when invalid.
export const EditorFrame = styled.div<{ $invalid: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  transition: border-color ${({ theme }) => theme.transition}, box-shadow ${({ theme }) => theme.transition};
  &:hover:not(:focus-within) {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.textMuted)};
  }
  &:focus-within {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)};
    box-shadow: 0 0 0 1px ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)},
      0 2px 6px ${({ theme, $invalid }) => alpha($invalid ? theme.colors.error : theme.colors.primary, 0.25)};
  }
`;

export const EditorScroller = styled.div`
  overflow-y: auto;
  overscroll-behavior: contain;
`;

export const EditorMessage = styled.div`
  font-size: ${({ theme }) => theme.font.sizeSm};
  line-height: 1.3;
  color: ${({ theme }) => theme.colors.errorText};
`;

/** The editable area inside the scroller: its padding and the stored text's look. */
export const editableAreaStyles = css`
  min-height: 100%;
  padding: 0.75rem 0.875rem;
  outline: none;
  ${richTextContentStyles}
`;

/** The field's placeholder over an empty editable area (it scrolls with the content). */
export const EditorPlaceholder = styled.div`
  position: absolute;
  inset-block-start: 0.75rem;
  inset-inline: 0.875rem;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textPlaceholder};
  font-size: ${({ theme }) => theme.font.size};
  line-height: 1.6;
  text-overflow: ellipsis;
  white-space: nowrap;
  pointer-events: none;
  user-select: none;
`;
