import type { ReactNode } from 'react';
import { lazyComponent } from './lazy-component';
import { overlaysPart, overlayWanted } from './overlay-loader';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown in the header and used as the drawer's accessible name. */
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Width in px; 400 by default (narrower screens get the full width). */
  width?: number;
}

/** A side panel (Radix dialog) sliding in from the inline end, for add/edit forms. Radix loads when it first opens. */
export const Drawer = lazyComponent(overlaysPart, (overlays) => overlays.Drawer, 'Drawer', { wanted: overlayWanted });
