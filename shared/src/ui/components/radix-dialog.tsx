import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconX } from '../icons/icons';
import { focusFirstField } from './focus-first-field';
import { useReturnFocus } from './return-focus';
import { IconButton } from './icon-button';
import { Backdrop, OverlayBody, OverlayFooter, OverlayHeader, OverlayTitle } from './overlay-parts';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';
import type { DialogProps } from './dialog';

const popIn = keyframes`from { opacity: 0; transform: translateY(8px) scale(0.97); } to { opacity: 1; transform: none; }`;

const Panel = styled(RadixDialog.Content)<{ $maxWidth: string }>`
  /* Centred without a transform: a transform would trap fixed-position select menus inside the panel. */
  position: fixed;
  inset: 0;
  margin: auto;
  height: fit-content;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  flex-direction: column;
  width: calc(100vw - 2rem);
  max-width: ${({ $maxWidth }) => $maxWidth};
  max-height: calc(100vh - 2rem);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &[data-state='open'] { animation: ${popIn} 180ms ease-out; }
  &:focus { outline: none; }
`;

const Description = styled(RadixDialog.Description)`
  margin: 0;
  padding: 0 1.5rem 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function DialogView({ open, onOpenChange, title, description, maxWidth = 560, children, footer, hideClose }: DialogProps) {
  const t = useUiText();
  // Radix warns when a dialog has no description; an explicit undefined says there deliberately is none.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  const body = useRef<HTMLDivElement>(null);
  const focus = useReturnFocus(focusFirstField(body));
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Backdrop />
        <Panel
          $maxWidth={typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth}
          {...focus}
          {...describedBy}
        >
          <OverlayHeader>
            <OverlayTitle>{title}</OverlayTitle>
            {hideClose ? null : (
              <RadixDialog.Close asChild>
                <IconButton label={t('common.close')} size="sm">
                  <IconX size={18} />
                </IconButton>
              </RadixDialog.Close>
            )}
          </OverlayHeader>
          {description ? <Description>{description}</Description> : null}
          {children ? <OverlayBody ref={body}>{children}</OverlayBody> : null}
          {footer ? <OverlayFooter>{footer}</OverlayFooter> : null}
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A centred modal dialog (Radix): focus trapped, Esc and a click outside close it. */
export const Dialog = withThemeFallback(DialogView, 'Dialog');
