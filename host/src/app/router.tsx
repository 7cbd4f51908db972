import { createBrowserRouter } from 'react-router-dom';
import { buildRoutes } from './build-routes';
import { BASENAME } from './guard-loader';

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: BASENAME });
}
