import { createAppTheme, useMediaQuery } from '@crm/shared/ui';
import type { User } from '@crm/shared/schemas';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from '@crm/shared/router';
import styled, { createGlobalStyle, ThemeProvider } from 'styled-components';
import { useAllowedNavGroups } from '../hooks/use-allowed-nav-items';
import { usePreferences } from '../hooks/use-preferences';
import type { NavGroup } from '../utils/nav-item';
import { effectiveLayout, OVERLAY_NAV_QUERY } from '../utils/preferences';
import { AppFooter } from './app-footer';
import { Customizer } from './customizer';
import { BOXED_WIDTH, TOAST_OFFSET_REM } from './layout-sizes';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';
import { ThemeSwitcher } from './theme-switcher';
import { TopBar } from './top-bar';
import { UserMenu } from './user-menu';
import { NAV_COLLAPSED_WIDTH, NAV_WIDTH, VerticalNav } from './vertical-nav';

// Only those who choose horizontal navigation download it.
const HorizontalNav = lazy(() => import(/* webpackChunkName: "horizontal-nav" */ './horizontal-nav'));

export interface DefaultLayoutProps {
  /** The layout title (CRM). */
  title: string;
  /** Every group and entry; only those the user's abilities allow are shown. */
  navGroups: readonly NavGroup[];
  user: User | null;
  profilePath: string;
  accountSettingsPath: string;
  onSignOut: () => void;
  /** Start of the navbar, after the navigation toggle: the global search. */
  topBarStart?: ReactNode;
  /** Further navbar controls placed before the theme switcher (shortcuts, language, notifications). */
  topBarExtras?: ReactNode;
  /** A non-blocking notice between the navbar and the page (a newer build of an area is available). */
  notice?: ReactNode;
  /** Shown in the footer. */
  version: string;
  apiDocsUrl: string;
}

const Content = styled.div<{ $offset: number }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  margin-inline-start: ${({ $offset }) => $offset}px;
  transition: margin ${({ theme }) => theme.transition};
`;

// At least a window high, whatever the page: the footer then starts below the first screen on every page, so a page
// that arrives after the shell has painted (a remote's chunks, its data) never moves it, in either direction — down
// when the page is taller than the loading state, up when it is shorter (a layout shift; docs/decisions/080).
const Main = styled.main<{ $boxed: boolean }>`
  flex: 1;
  min-height: 100vh;
  width: 100%;
  max-width: ${({ $boxed }) => ($boxed ? `${BOXED_WIDTH}px` : 'none')};
  margin: 0 auto;
  padding: 1.5rem;
  /* Focused by the skip link only; a ring around the whole page would say nothing. */
  &:focus { outline: none; }
`;

// The kit's toasts start above the scroll-to-top button and the footer, whose link they would otherwise cover.
const ToastOffset = createGlobalStyle`
  :root { --crm-toast-offset: ${TOAST_OFFSET_REM}rem; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.colors.backdrop};
`;

/**
 * The signed-in shell, drawn from the spec's preferences: vertical (collapsible, semi-dark) or horizontal navigation,
 * a sticky/static/hidden navbar with or without blur, boxed or fluid content, a sticky/static/hidden footer. Below
 * 976 px the navigation is an overlay drawer and always vertical.
 */
export function DefaultLayout({
  title,
  navGroups,
  user,
  profilePath,
  accountSettingsPath,
  onSignOut,
  topBarStart,
  topBarExtras,
  notice,
  version,
  apiDocsUrl,
}: DefaultLayoutProps) {
  const { prefs, mode, update } = usePreferences();
  const narrow = useMediaQuery(OVERLAY_NAV_QUERY);
  const layout = effectiveLayout(prefs, narrow);
  const [open, setOpen] = useState(false);
  const groups = useAllowedNavGroups(navGroups);
  const { pathname } = useLocation();
  const vertical = layout.navigationType === 'vertical';
  const boxed = prefs.contentWidth === 'boxed';

  // The drawer closes when a link is followed and when the window grows past the breakpoint.
  useEffect(() => setOpen(false), [pathname, layout.overlay]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // The spec's semi-dark: a light page with the dark theme's navigation.
  const semiDark = vertical && prefs.semiDark && mode === 'light';
  const navTheme = useMemo(
    () => (semiDark ? createAppTheme('dark', { primary: prefs.lightThemePrimaryColor }) : null),
    [semiDark, prefs.lightThemePrimaryColor],
  );

  const offset = !vertical || layout.overlay ? 0 : layout.collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  const nav = vertical ? (
    <VerticalNav
      groups={groups}
      title={title}
      collapsed={layout.collapsed}
      overlay={layout.overlay}
      open={open}
      onToggleCollapsed={() => update({ verticalNavCollapsed: !prefs.verticalNavCollapsed })}
      onClose={() => setOpen(false)}
    />
  ) : null;
  return (
    <div data-layout="default" data-navigation={layout.navigationType} data-content-width={prefs.contentWidth}>
      <SkipLink targetId="main-content" />
      <ToastOffset />
      {navTheme ? <ThemeProvider theme={navTheme}>{nav}</ThemeProvider> : nav}
      {layout.overlay && open ? <Backdrop data-testid="nav-backdrop" onClick={() => setOpen(false)} /> : null}
      <Content $offset={offset}>
        {layout.navbarType === 'hidden' ? null : (
          <TopBar
            type={layout.navbarType}
            blur={prefs.navbarBlur}
            boxed={boxed}
            showNavToggle={layout.overlay}
            navOpen={open}
            onOpenNav={() => setOpen(true)}
            start={topBarStart}
            below={
              vertical ? null : (
                <Suspense fallback={null}>
                  <HorizontalNav groups={groups} />
                </Suspense>
              )
            }
          >
            {topBarExtras}
            <ThemeSwitcher />
            {user ? (
              <UserMenu
                user={user}
                profilePath={profilePath}
                accountSettingsPath={accountSettingsPath}
                onSignOut={onSignOut}
              />
            ) : null}
          </TopBar>
        )}
        {notice}
        <Main id="main-content" tabIndex={-1} $boxed={boxed}>
          <Outlet />
        </Main>
        {prefs.footerType === 'hidden' ? null : (
          <AppFooter type={prefs.footerType} boxed={boxed} version={version} apiDocsUrl={apiDocsUrl} />
        )}
      </Content>
      <ScrollToTop />
      <Customizer />
    </div>
  );
}
