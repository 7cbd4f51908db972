import type { KeyboardEvent } from 'react';

// Enter in a panel field runs the panel's action. Without preventDefault the browser would submit the
// surrounding page form (the lead or document form the editor sits in).
export function submitOnEnter(submit: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || (event.target as HTMLElement).tagName !== 'INPUT') return;
    event.preventDefault();
    submit();
  };
}
