import { lazyComponent } from './lazy-component';
import { overlaysPart, overlayWanted } from './overlay-loader';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question; the spec's 'Уверены?' by default. */
  message?: string;
  onConfirm: () => void;
  /** Called for the cancel button, Esc and a click outside. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shows a spinner on the confirm button while the action runs. */
  loading?: boolean;
}

/** The yes/no question asked before deleting or assigning ('Уверены?'). Radix loads when it is first asked. */
export const ConfirmDialog = lazyComponent(overlaysPart, (overlays) => overlays.ConfirmDialog, 'ConfirmDialog', { wanted: overlayWanted });
