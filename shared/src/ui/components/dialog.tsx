import type { ReactNode } from 'react';
import { lazyComponent } from './lazy-component';
import { overlaysPart, overlayWanted } from './overlay-loader';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown in the header and used as the dialog's accessible name. */
  title: ReactNode;
  /** Optional text under the title, announced as the dialog's description. */
  description?: ReactNode;
  /** Largest width in px (or any CSS length); 560 by default. */
  maxWidth?: number | string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Hides the close (×) button in the header. */
  hideClose?: boolean;
}

/** A centred modal dialog (Radix): focus trapped, Esc and a click outside close it. Radix loads when it first opens. */
export const Dialog = lazyComponent(overlaysPart, (overlays) => overlays.Dialog, 'Dialog', { wanted: overlayWanted });
