import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@crm/shared/router';
import { buildRoutes } from '../build-routes';
import { BASENAME, toAppPath } from '../guard-loader';
import { AppProviders } from '../providers';

// Pages load lazily and the guards run as loaders; on a busy 2-core CI box that can take longer than the 1 s
// default wait. This bounds how long a `findBy`/`waitFor` may wait, it is not a timing assertion.
configure({ asyncUtilTimeout: 5000 });

export type TestRouter = ReturnType<typeof createMemoryRouter>;

/** Renders the whole app (providers, the real route table and guards) at an app path such as `/leads/list?page=2`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), {
    basename: BASENAME,
    initialEntries: [`${BASENAME.replace(/\/$/, '')}${path}`],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...view };
}

/** Where the router is, as an app path with its query (`/login?to=/leads/list`). */
export function currentPath(router: TestRouter): string {
  const { pathname, search } = router.state.location;
  return `${toAppPath(pathname)}${search}`;
}
