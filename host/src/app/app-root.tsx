import { useLayoutEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType, type Location } from '@crm/shared/router';
import { useUnauthorizedRedirect } from '../features/auth/hooks/use-unauthorized-redirect';
import { IpRestrictedPage } from '../features/misc/components/ip-restricted-page';
import { useIpRestriction } from '../features/misc/hooks/use-ip-restriction';
import type { GuardOutcome } from './guard-loader';
import { RouteErrorBoundary, RouteNotFound } from './route-error';

/** Where each history entry was scrolled when it was left (by location key), for Back and Forward. */
const scrollPositions = new Map<string, number>();

/**
 * What the data router's <ScrollRestoration> did for us: a new page opens at the top (or at its #hash), Back and
 * Forward return to where that page was scrolled.
 */
function useScrollRestoration(location: Location) {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? scrollPositions.get(location.key) : undefined;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    return () => {
      scrollPositions.set(location.key, window.scrollY);
    };
  }, [location, navigationType]);
}

export interface AppRootProps {
  /** The guards' decision for a location (build-routes.tsx): run once per navigation, before the route renders. */
  resolve: (location: Location) => GuardOutcome;
}

/** The root route's element: every page renders inside it, whatever its layout. */
export function AppRoot({ resolve }: AppRootProps) {
  useUnauthorizedRedirect();
  const restriction = useIpRestriction();
  const location = useLocation();
  // Per navigation (a new location object), not per render: like the loaders they replace, guards judge a navigation.
  const outcome = useMemo(() => resolve(location), [resolve, location]);
  useScrollRestoration(location);
  if (restriction.ip !== null) return <IpRestrictedPage ip={restriction.ip} onRetry={restriction.retry} />;
  if (outcome && 'redirect' in outcome) return <Navigate to={outcome.redirect} replace />;
  if (outcome) return <RouteNotFound />;
  return (
    <RouteErrorBoundary resetKey={location.key}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
