import '@crm/shared/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './app/i18n';
import { startMonitoring } from './app/monitoring';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element');

startMonitoring();
const root = createRoot(container);
// Immediate in English; a stored other language first fetches its locale chunk, so the first paint is in it.
// A transition: React renders the shell and the page in slices of a few milliseconds and lets the browser run between
// them, instead of one task as long as the whole first render (docs/decisions/081).
void i18nReady.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
