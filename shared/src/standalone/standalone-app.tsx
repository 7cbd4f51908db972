import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from '@crm/shared/router';
import styled, { ThemeProvider } from 'styled-components';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { AbilityProvider } from '@crm/shared/abilities/react';
import { api, ApiError, clearSession, fetcher, useRulesRefresh, useSession } from '@crm/shared/api-client';
import { RealtimeProvider } from '@crm/shared/realtime';
import { ConfirmProvider, ErrorState, ToastProvider, useUiText, lightTheme, GlobalStyle } from '@crm/shared/ui';
import { navItems, type NavItem } from './nav-items';
import { resolveBasename } from './resolve-basename';
import { SignInForm } from './sign-in-form';
import { StandaloneNav } from './standalone-nav';
import { StandaloneTopBar } from './standalone-top-bar';

export interface StandaloneAppProps {
  /** The remote's name, shown in the top bar and the document title. */
  title: string;
  /** The remote's routes; top-level ones with `handle.title` are listed in the nav. */
  routes: RouteObject[];
}

const swrConfig: SWRConfiguration = {
  fetcher,
  // Retrying a 4xx only repeats the same answer; network failures and 5xx may pass.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500,
};

const Main = styled.main`
  max-width: 1440px;
  margin: 0 auto;
  padding: 1.5rem;
`;

function Fallback({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const t = useUiText();
  if (pathname === '/' && items.length > 0) return <Navigate to={items[0].to} replace />;
  return <ErrorState title={t('standalone.notFoundTitle')} message={t('standalone.notFoundMessage')} />;
}

function StandaloneRoutes({ routes, items }: { routes: RouteObject[]; items: readonly NavItem[] }) {
  // The catch-all ranks below any route of the remote, so a remote's own '/' or '*' still wins.
  const all = useMemo(() => [...routes, { path: '*', element: <Fallback items={items} /> }], [routes, items]);
  return useRoutes(all);
}

/**
 * The minimal shell a remote renders when it runs on its own (its dev server, or its build under
 * /build/remotes/<name>/): theme, toasts, confirmations, abilities from the stored rules, SWR,
 * a sign-in form while signed out, and a router at the folder the remote is served from.
 */
export function StandaloneApp({ title, routes }: StandaloneAppProps) {
  const session = useSession();
  const [basename] = useState(() => resolveBasename());
  const [signingOut, setSigningOut] = useState(false);
  useRulesRefresh(session.isLoggedIn);
  const items = useMemo(() => navItems(routes), [routes]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.post('/auth/logout');
    } catch {
      // The token is forgotten locally either way; a failed revoke must not keep the user signed in.
    } finally {
      setSigningOut(false);
      clearSession();
    }
  };

  return (
    <ThemeProvider theme={lightTheme}>
      <GlobalStyle />
      <ToastProvider>
        <ConfirmProvider>
          <AbilityProvider rules={session.rules}>
            {/* Keyed by token: a new session starts with an empty cache, so no data outlives its user. */}
            <SWRConfig key={session.accessToken ?? 'signed-out'} value={{ ...swrConfig, provider: () => new Map() }}>
              {/* A remote on its own opens its own realtime connection; inside the host it uses the host's. */}
              <RealtimeProvider>
                <StandaloneTopBar title={title} user={session.user} onSignOut={signOut} signingOut={signingOut} />
                {session.isLoggedIn ? (
                  <BrowserRouter basename={basename}>
                    <StandaloneNav items={items} />
                    <Main>
                      <StandaloneRoutes routes={routes} items={items} />
                    </Main>
                  </BrowserRouter>
                ) : (
                  <Main>
                    <SignInForm title={title} />
                  </Main>
                )}
              </RealtimeProvider>
            </SWRConfig>
          </AbilityProvider>
        </ConfirmProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
