import type { User } from '@crm/shared/schemas';

export interface RootRedirectInput {
  search: string;
  storedUser: User | null;
  loggedIn: boolean;
  /** Where a signed-in user who is not an Admin starts (the first area their abilities open). */
  signedInHome: string;
}

/**
 * `/`, as the spec's route table says: an Admin goes to the leads list, anyone else to login keeping the query
 * string. This is the one place a role name is compared (STYLE rule 6).
 *
 * A signed-in non-Admin is the exception: login is for signed-out visitors only and sends them back to `/`, so
 * following the spec to the letter would loop forever; they go to their first permitted area instead.
 */
export function rootRedirectTarget({ search, storedUser, loggedIn, signedInHome }: RootRedirectInput): string {
  if (storedUser?.role === 'Admin') return '/leads/list';
  if (loggedIn) return signedInHome;
  return `/login${search}`;
}
