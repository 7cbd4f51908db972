import { useRef } from 'react';

/**
 * Radix gives focus back to its own Trigger on close, and our dialogs and drawers open from state or a route, with no
 * Trigger: focus fell to the page's body. This remembers what had focus when the panel opened and goes back to it
 * (when it is still on the page). `onOpen` runs after, for the panel's own first focus.
 */
export function useReturnFocus(onOpen?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      onOpen?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
