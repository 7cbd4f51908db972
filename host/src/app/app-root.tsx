import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useUnauthorizedRedirect } from '../features/auth/hooks/use-unauthorized-redirect';

/** The root route's element: every page renders inside it, whatever its layout. */
export function AppRoot() {
  useUnauthorizedRedirect();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
