import type { RouteAccess } from '../features/auth/utils/resolve-access';

export type LayoutName = 'blank' | 'default';

/** What every route of the table carries in `handle` (name, layout, access class and required ability). */
export interface AppRouteHandle extends RouteAccess {
  /** The spec's route name; `undefined` where the spec gives none. */
  name?: string;
  layout: LayoutName;
}
