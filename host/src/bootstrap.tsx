import '@crm/shared/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './app/i18n';
import { startMonitoring } from './app/monitoring';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element');

startMonitoring();
const root = createRoot(container);
// Immediate in English; a stored other language first fetches its locale chunk, so the first paint is in it.
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
