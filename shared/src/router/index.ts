// The app's one entry to react-router. `@crm/shared/*` is a federation singleton (docs/decisions/001), so this module is
// shared once per page while react-router itself is bundled into it and tree-shaken to the names below: shared whole,
// react-router-dom 7 would cost its server, RSC and session code too (about 57 KiB gzip instead of about 25,
// docs/decisions/033). A name the app needs is added here; front ends never import react-router-dom directly (the lint
// says so), so host and remotes always read the same router context.
//
// Declarative mode only (docs/decisions/033, third pass): the data router (createBrowserRouter, RouterProvider,
// loaders, ScrollRestoration) cost about 16 KiB gzip more on every page. The host's guards run in its root element
// instead of loaders. A shared module keeps every name it exports, so only what the app runs belongs here; tests that
// want a data router take it from `@crm/shared/router/testing`.
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, Location, Params, RouteObject } from 'react-router-dom';
export { useNavigationBlocker } from './use-navigation-blocker';
