import { BrowserRouter } from '@crm/shared/router';
import { AppProviders } from './providers';
import { BASENAME } from './guard-loader';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter basename={BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
