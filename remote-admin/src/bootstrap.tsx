import '@crm/shared/zod-jitless';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@crm/shared/standalone';
import { routes } from './app/routes';

// Standalone mode for the feature team (`pnpm --filter @crm/remote-admin dev`); the host never loads this file.
createRoot(document.getElementById('app')!).render(<StandaloneApp title="CRM · Администрирование" routes={routes} />);
