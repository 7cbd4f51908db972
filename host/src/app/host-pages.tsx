import type { ManifestHostPage } from '@crm/shared/routes';
import type { ComponentType } from 'react';
import { LazyModule } from '../features/remotes/components/lazy-module';
import { ModuleLoadError } from '../features/remotes/utils/module-load-error';
import { SIGN_IN_NS } from '../features/auth/utils/sign-in-ns';
import { ACCOUNT_PAGE_NS } from '../features/profile/utils/account-page-ns';
import { i18n } from './i18n';

/**
 * A host chunk that fails to load becomes a ModuleLoadError, so it raises preload-error like a remote. `namespaces`:
 * the page's own texts (an i18next namespace fetched beside the chunk), there before the page first renders.
 */
function hostChunk(id: string, load: () => Promise<ComponentType>, namespaces: string[] = []) {
  return () =>
    Promise.all([load(), namespaces.length > 0 ? i18n.loadNamespaces(namespaces) : null]).then(
      ([Page]) => ({ default: Page }),
      (cause: unknown) => {
        throw new ModuleLoadError('host', `host/${id}`, cause);
      },
    );
}

// Each host page is its own chunk, fetched the first time its route opens (pages load on demand).
const HOST_PAGES = {
  login: hostChunk('login-page', () => import(/* webpackChunkName: "login-page" */ './login-route').then((m) => m.LoginRoute), [SIGN_IN_NS]),
  forgotPassword: hostChunk('forgot-password-page', () =>
    import(/* webpackChunkName: "forgot-password-page" */ '../features/auth/components/forgot-password-page').then(
      (m) => m.ForgotPasswordPage,
    ),
    [SIGN_IN_NS],
  ),
  resetPassword: hostChunk('reset-password-page', () =>
    import(/* webpackChunkName: "reset-password-page" */ '../features/auth/components/reset-password-page').then(
      (m) => m.ResetPasswordPage,
    ),
    [SIGN_IN_NS],
  ),
  notAuthorized: hostChunk('not-authorized-page', () =>
    import(/* webpackChunkName: "misc-pages" */ '../features/misc/components/not-authorized-page').then(
      (m) => m.NotAuthorizedPage,
    ),
  ),
  notFound: hostChunk('not-found-page', () =>
    import(/* webpackChunkName: "misc-pages" */ '../features/misc/components/not-found-page').then((m) => m.NotFoundPage),
  ),
  serverError: hostChunk('server-error-page', () =>
    import(/* webpackChunkName: "misc-pages" */ '../features/misc/components/server-error-page').then(
      (m) => m.ServerErrorPage,
    ),
  ),
  profile: hostChunk('profile-page', () =>
    import(/* webpackChunkName: "profile-page" */ './profile-route').then((m) => m.ProfileRoute),
    [ACCOUNT_PAGE_NS],
  ),
  // Every host page the route table (shared/src/routes) names must be here; serverError is rendered by the error boundary.
} satisfies Record<ManifestHostPage, () => Promise<{ default: ComponentType }>> & Record<string, () => Promise<{ default: ComponentType }>>;

export type HostPageName = keyof typeof HOST_PAGES;

export interface HostPageProps {
  name: HostPageName;
}

/** A page the host itself owns, loaded on demand inside the same error boundary as the remotes' pages. */
export function HostPage({ name }: HostPageProps) {
  return <LazyModule key={name} id={`host/${name}`} load={HOST_PAGES[name]} source="host" />;
}
