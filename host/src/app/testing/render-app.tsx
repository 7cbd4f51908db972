import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SWRConfig, useSWRConfig, type ScopedMutator } from 'swr';
import { useLocation, useRoutes, type Location } from '@crm/shared/router';
import { MemoryRouter } from '@crm/shared/router/testing';
import { buildRoutes, resolveGuards } from '../build-routes';
import { BASENAME, toAppPath } from '../guard-loader';
import { AppProviders } from '../providers';

// Pages load lazily; on a busy 2-core CI box that can take longer than the 1 s default wait. This bounds how long a
// `findBy`/`waitFor` may wait, it is not a timing assertion.
configure({ asyncUtilTimeout: 5000 });

/** Where the app's router is: the location it shows now, and whether the guards send it on from there. */
export interface TestRouter {
  location: Location;
  /** True while the guards of the current location still redirect (the navigation is not over). */
  redirecting: () => boolean;
}

/**
 * Renders the whole app (providers, the real route table and guards) at an app path such as `/leads/list?page=2`,
 * with an SWR cache of its own, as a page load has: nothing one test fetched is another's answer, or a reason to skip a
 * request as a duplicate. `mutate` is that cache's, as a remote's `useSWRConfig().mutate` would be.
 */
export function renderApp(path: string) {
  const router = {} as TestRouter;
  let mutate: ScopedMutator | undefined;
  function SwrProbe() {
    mutate = useSWRConfig().mutate;
    return null;
  }
  function AppRoutesProbe() {
    const [routes] = useState(buildRoutes);
    const location = useLocation();
    router.location = location;
    router.redirecting = () => {
      const outcome = resolveGuards(routes, router.location);
      return outcome !== null && 'redirect' in outcome;
    };
    return useRoutes(routes);
  }
  const user = userEvent.setup();
  const view = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders>
        <SwrProbe />
        <MemoryRouter basename={BASENAME} initialEntries={[`${BASENAME.replace(/\/$/, '')}${path}`]}>
          <AppRoutesProbe />
        </MemoryRouter>
      </AppProviders>
    </SWRConfig>,
  );
  return { router, user, mutate: mutate!, ...view };
}

/** Where the router is, as an app path with its query (`/login?to=/leads/list`). */
export function currentPath(router: TestRouter): string {
  const { pathname, search } = router.location;
  return `${toAppPath(pathname)}${search}`;
}
