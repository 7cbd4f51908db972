import { Outlet, ScrollRestoration } from '@crm/shared/router';
import { useUnauthorizedRedirect } from '../features/auth/hooks/use-unauthorized-redirect';
import { IpRestrictedPage } from '../features/misc/components/ip-restricted-page';
import { useIpRestriction } from '../features/misc/hooks/use-ip-restriction';

/** The root route's element: every page renders inside it, whatever its layout. */
export function AppRoot() {
  useUnauthorizedRedirect();
  const restriction = useIpRestriction();
  if (restriction.ip !== null) return <IpRestrictedPage ip={restriction.ip} onRetry={restriction.retry} />;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
