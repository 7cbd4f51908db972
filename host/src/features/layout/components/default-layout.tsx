import { OVERLAY_NAV_BREAKPOINT } from '@crm/shared/ui';
import type { User } from '@crm/shared/schemas';
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAllowedNavItems } from '../hooks/use-allowed-nav-items';
import { useMediaQuery } from '../hooks/use-media-query';
import { useStoredFlag } from '../hooks/use-stored-flag';
import type { NavItem } from '../utils/nav-item';
import { AppFooter } from './app-footer';
import { ScrollToTop } from './scroll-to-top';
import { ThemeSwitcher } from './theme-switcher';
import { TopBar } from './top-bar';
import { UserMenu } from './user-menu';
import { NAV_COLLAPSED_WIDTH, NAV_WIDTH, VerticalNav } from './vertical-nav';

/** §3 persisted preference "vertical-nav collapsed", prefixed with the app title. */
export const NAV_COLLAPSED_STORAGE_KEY = 'CRM-vertical-nav-collapsed';

export interface DefaultLayoutProps {
  /** The layout title (§1: CRM). */
  title: string;
  /** Every entry; only those the user's abilities allow are shown. */
  navItems: readonly NavItem[];
  user: User | null;
  profilePath: string;
  onSignOut: () => void;
  /** Further top-bar controls placed before the theme switcher (the language switcher when enabled). */
  topBarExtras?: ReactNode;
}

const Content = styled.div<{ $offset: number }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  margin-inline-start: ${({ $offset }) => $offset}px;
  transition: margin ${({ theme }) => theme.transition};
`;

// §9: content boxed by default.
const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: 1.5rem;
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.colors.backdrop};
`;

/** The signed-in shell: vertical navigation, sticky top bar, the page, a static footer. */
export function DefaultLayout({ title, navItems, user, profilePath, onSignOut, topBarExtras }: DefaultLayoutProps) {
  const overlay = useMediaQuery(`(max-width: ${OVERLAY_NAV_BREAKPOINT - 0.02}px)`);
  const [collapsed, setCollapsed] = useStoredFlag(NAV_COLLAPSED_STORAGE_KEY);
  const [open, setOpen] = useState(false);
  const items = useAllowedNavItems(navItems);
  const { pathname } = useLocation();

  // The drawer closes when a link is followed and when the window grows past the breakpoint.
  useEffect(() => setOpen(false), [pathname, overlay]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const offset = overlay ? 0 : collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  return (
    <>
      <VerticalNav
        items={items}
        title={title}
        collapsed={collapsed}
        overlay={overlay}
        open={open}
        onToggleCollapsed={() => setCollapsed(!collapsed)}
        onClose={() => setOpen(false)}
      />
      {overlay && open ? <Backdrop data-testid="nav-backdrop" onClick={() => setOpen(false)} /> : null}
      <Content $offset={offset}>
        <TopBar showNavToggle={overlay} navOpen={open} onOpenNav={() => setOpen(true)}>
          {topBarExtras}
          <ThemeSwitcher />
          {user ? <UserMenu user={user} profilePath={profilePath} onSignOut={onSignOut} /> : null}
        </TopBar>
        <Main id="main-content">
          <Outlet />
        </Main>
        <AppFooter />
      </Content>
      <ScrollToTop />
    </>
  );
}
