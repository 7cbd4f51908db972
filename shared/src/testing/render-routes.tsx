import { render } from '@testing-library/react';
import type { RouteObject } from '@crm/shared/router';
import { createMemoryRouter, RouterProvider } from '@crm/shared/router/testing';
import { SWRConfig } from 'swr';
import { AbilityProvider } from '@crm/shared/abilities/react';
import type { AbilityRule } from '@crm/shared/schemas';
import { ConfirmProvider, ToastProvider } from '@crm/shared/ui';

export const ALL_RULES: AbilityRule[] = [{ action: 'manage', subject: 'all' }];

/**
 * Renders `routes` at `path` inside the providers the host gives a remote. Each render gets its own
 * SWR cache and no deduping, so tests cannot see each other's data.
 */
export function renderRoutes(routes: RouteObject[], path: string, rules: AbilityRule[] = ALL_RULES) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <AbilityProvider rules={rules}>
        <ToastProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </ToastProvider>
      </AbilityProvider>
    </SWRConfig>,
  );
  return { router, ...view };
}
