// The app's one entry to react-router. `@crm/shared/*` is a federation singleton (docs/decisions/001), so this module is
// shared once per page while react-router itself is bundled into it and tree-shaken to the names below: shared whole,
// react-router-dom 7 would cost its server, RSC and session code too (about 57 KiB gzip instead of about 25,
// docs/decisions/033). A name the app needs is added here; front ends never import react-router-dom directly (the lint
// says so), so host and remotes always read the same router context.
export {
  BrowserRouter,
  createBrowserRouter,
  createMemoryRouter,
  data,
  isRouteErrorResponse,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router-dom';
