import type { AppAbility } from '@crm/shared/abilities';
import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas';
import { loginPathFor } from './login-path';

/** The spec's access classes: open to all, signed-out visitors only, or signed in with the route's ability. */
export type AccessClass = 'public' | 'guest' | 'auth';

export interface RouteAccess {
  access: AccessClass;
  /** With `subject`, the ability the route requires; without it an `auth` route only needs a session. */
  action?: AbilityAction;
  subject?: AbilitySubject;
}

export interface AccessContext {
  /** Stored user data and access token both present. */
  loggedIn: boolean;
  ability: AppAbility;
}

/** Where the guard sends the user instead, or null to let the route open. */
export function resolveAccess(route: RouteAccess, pathname: string, search: string, context: AccessContext): string | null {
  switch (route.access) {
    case 'public':
      return null;
    case 'guest':
      return context.loggedIn ? '/' : null;
    case 'auth': {
      const permitted = !route.action || !route.subject || context.ability.can(route.action, route.subject);
      if (context.loggedIn && permitted) return null;
      return context.loggedIn ? '/not-authorized' : loginPathFor(pathname, search);
    }
  }
}
