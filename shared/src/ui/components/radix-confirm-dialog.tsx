import * as RadixDialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { IconAlertCircle } from '../icons/icons';
import { alpha } from '../tokens/alpha';
import { Button } from './button';
import { Backdrop, OverlayTitle } from './overlay-parts';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';
import type { ConfirmDialogProps } from './confirm-dialog';
import { useReturnFocus } from './return-focus';

const Panel = styled(RadixDialog.Content)`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  z-index: ${({ theme }) => theme.zIndex.overlay};
  width: calc(100vw - 2rem);
  max-width: 420px;
  padding: 2rem 1.5rem 1.5rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &:focus { outline: none; }
`;

const Badge = styled.span`
  display: grid;
  place-items: center;
  width: 4.5rem;
  height: 4.5rem;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.warningText};
  background: ${({ theme }) => alpha(theme.colors.warning, 0.16)};
`;

const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: center;
  margin-top: 0.5rem;
`;

function ConfirmDialogView({
  open,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  loading = false,
}: ConfirmDialogProps) {
  const t = useUiText();
  const focus = useReturnFocus();
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <RadixDialog.Portal>
        <Backdrop />
        <Panel role="alertdialog" aria-describedby={undefined} {...focus}>
          <Badge aria-hidden>
            <IconAlertCircle size={40} />
          </Badge>
          <OverlayTitle>{message ?? t('common.confirmQuestion')}</OverlayTitle>
          <Actions>
            <Button variant="primary" onClick={onConfirm} loading={loading}>
              {confirmLabel ?? t('common.yes')}
            </Button>
            <Button variant="secondary" onClick={onCancel} disabled={loading}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
          </Actions>
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The yes/no question asked before deleting or assigning ('Уверены?'). */
export const ConfirmDialog = withThemeFallback(ConfirmDialogView, 'ConfirmDialog');
