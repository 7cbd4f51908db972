import { useState } from 'react';
import { useRoutes } from '@crm/shared/router';
import { buildRoutes } from './build-routes';

/** The route table, rendered under whichever router surrounds it (the browser's in the app, a memory one in tests). */
export function AppRoutes() {
  const [routes] = useState(buildRoutes);
  return useRoutes(routes);
}
