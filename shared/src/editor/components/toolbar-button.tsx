import type { MouseEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';
import { TOOLBAR_BUTTON_SIZE } from './editor-frame';

export interface ToolbarButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  // For toggles (bold, lists…): announced as pressed when on. Leave undefined for plain actions.
  pressed?: boolean;
  // For buttons that open a panel or menu.
  expanded?: boolean;
  controls?: string;
  disabled?: boolean;
}

// One size for the buttons and the stand-in toolbar of DeferredRichTextEditor (editor-frame.ts).
export { TOOLBAR_BUTTON_SIZE };

const Root = styled.button<{ $on: boolean }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${TOOLBAR_BUTTON_SIZE}px;
  height: ${TOOLBAR_BUTTON_SIZE}px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $on }) => ($on ? alpha(theme.colors.primary, 0.16) : 'transparent')};
  color: ${({ theme, $on }) => ($on ? theme.colors.primaryText : theme.colors.textMuted)};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition};
  &:hover:not(:disabled) { background: ${({ theme, $on }) => ($on ? alpha(theme.colors.primary, 0.22) : theme.colors.hover)}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`;

// Keeping focus in the editor on mousedown keeps its selection, which is what a format button acts on.
const keepEditorFocus = (event: MouseEvent) => event.preventDefault();

// One square icon button of the editor toolbar; its label is the accessible name and the tooltip.
export function ToolbarButton({ label, icon, onClick, pressed, expanded, controls, disabled }: ToolbarButtonProps) {
  return (
    <Root
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={controls}
      disabled={disabled}
      $on={Boolean(pressed || expanded)}
      onMouseDown={keepEditorFocus}
      onClick={onClick}
    >
      {icon}
    </Root>
  );
}
