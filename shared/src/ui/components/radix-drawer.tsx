import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconX } from '../icons/icons';
import { focusFirstField } from './focus-first-field';
import { IconButton } from './icon-button';
import { useReturnFocus } from './return-focus';
import { Backdrop, OverlayTitle } from './overlay-parts';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';
import type { DrawerProps } from './drawer';

// The drawer enters from the inline end: the right in LTR, the left in RTL.
const slideFromRight = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;
const slideFromLeft = keyframes`from { transform: translateX(-100%); } to { transform: translateX(0); }`;
const slideToRight = keyframes`from { transform: translateX(0); } to { transform: translateX(100%); }`;
const slideToLeft = keyframes`from { transform: translateX(0); } to { transform: translateX(-100%); }`;

const Panel = styled(RadixDialog.Content)<{ $width: number }>`
  position: fixed;
  inset-block: 0;
  inset-inline-end: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  flex-direction: column;
  width: min(${({ $width }) => $width}px, 100vw);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &[data-state='open'] { animation: ${slideFromRight} 220ms cubic-bezier(0.4, 0, 0.2, 1); }
  &[data-state='closed'] { animation: ${slideToRight} 180ms cubic-bezier(0.4, 0, 0.2, 1); }
  [dir='rtl'] &[data-state='open'] { animation-name: ${slideFromLeft}; }
  [dir='rtl'] &[data-state='closed'] { animation-name: ${slideToLeft}; }
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 1.25rem;
`;

const Footer = styled.div`
  display: flex;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

function DrawerView({ open, onOpenChange, title, children, footer, width = 400 }: DrawerProps) {
  const t = useUiText();
  const body = useRef<HTMLDivElement>(null);
  const focus = useReturnFocus(focusFirstField(body));
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Backdrop />
        <Panel $width={width} aria-describedby={undefined} {...focus}>
          <Header>
            <OverlayTitle>{title}</OverlayTitle>
            <RadixDialog.Close asChild>
              <IconButton label={t('common.close')} size="sm">
                <IconX size={18} />
              </IconButton>
            </RadixDialog.Close>
          </Header>
          <Body ref={body}>{children}</Body>
          {footer ? <Footer>{footer}</Footer> : null}
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A side panel (Radix dialog) sliding in from the inline end, for add/edit forms. */
export const Drawer = withThemeFallback(DrawerView, 'Drawer');
