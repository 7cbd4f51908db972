import type { ReactNode } from 'react';
import type { FieldErrors } from '@crm/shared/api-client';
import { lazyComponent } from '../components/lazy-component';
import { overlaysPart, overlayWanted } from '../components/overlay-loader';

export interface RouteFormDrawerProps {
  title: ReactNode;
  /** Sends the form. A 422 puts its messages under the fields; any other failure shows its message in a toast. */
  onSubmit: () => Promise<unknown>;
  /** Toast shown after a successful save, just before the drawer closes. */
  successMessage: string;
  /** The fields, given the 422 messages per field name (pass them to each field's `error`). */
  children: (errors: FieldErrors) => ReactNode;
  saveLabel?: string;
  cancelLabel?: string;
  /** Where save, cancel and close lead; `..` (the list this drawer is a child route of) by default. */
  backTo?: string;
}

/**
 * A drawer that is a child route (`/lead-status/list/AddStatusDrawer`): open while mounted, closing
 * navigates back to the parent, Save submits the form and leaves after success. The caller's
 * `onSubmit` revalidates whatever list it changed. Drawn once the kit's overlays have loaded (lazy-overlay.tsx).
 */
export const RouteFormDrawer = lazyComponent(overlaysPart, (overlays) => overlays.RouteFormDrawer, 'RouteFormDrawer', { wanted: overlayWanted });
