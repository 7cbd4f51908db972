import { createContext } from 'react';

// True inside a Dialog or Drawer: a select menu there must be positioned fixed so the panel's scroll box cannot clip it.
export const OverlayContext = createContext(false);
OverlayContext.displayName = 'OverlayContext';
