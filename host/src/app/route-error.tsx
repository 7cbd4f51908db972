import { isRouteErrorResponse, useRouteError } from '@crm/shared/router';
import { BlankLayout } from '../features/layout/components/blank-layout';
import { HostPage } from './host-pages';

/** The root error element: a 404 thrown by a guard reads as an unknown path; anything else as a server error. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('Route failed', error);
  return <BlankLayout>{notFound ? <HostPage name="notFound" /> : <HostPage name="serverError" />}</BlankLayout>;
}
