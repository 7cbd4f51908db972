import { createBrowserRouter } from '@crm/shared/router';
import { buildRoutes } from './build-routes';
import { BASENAME } from './guard-loader';

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: BASENAME });
}
