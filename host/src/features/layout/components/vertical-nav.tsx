import { IconButton, IconChevronLeft, IconChevronRight, IconX } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from '@crm/shared/router';
import styled, { css } from 'styled-components';
import { isNavItemCurrent, type NavGroup } from '../utils/nav-item';
import { CountBadge } from './count-badge';

export const NAV_WIDTH = 260;
export const NAV_COLLAPSED_WIDTH = 72;

export interface VerticalNavProps {
  groups: readonly NavGroup[];
  title: string;
  collapsed: boolean;
  /** Below the overlay breakpoint the navigation is a drawer over the page. */
  overlay: boolean;
  open: boolean;
  onToggleCollapsed: () => void;
  onClose: () => void;
}

const Aside = styled.aside<{ $collapsed: boolean; $overlay: boolean; $open: boolean }>`
  position: fixed;
  inset-block: 0;
  inset-inline-start: 0;
  z-index: ${({ theme, $overlay }) => ($overlay ? theme.zIndex.overlay + 1 : 20)};
  display: flex;
  flex-direction: column;
  width: ${({ $collapsed }) => ($collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH)}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: width ${({ theme }) => theme.transition}, transform ${({ theme }) => theme.transition};
  ${({ $overlay, $open }) =>
    $overlay &&
    css`
      transform: translateX(${$open ? '0' : '-105%'});
      html[dir='rtl'] & { transform: translateX(${$open ? '0' : '105%'}); }
    `}
`;

// Collapsed, the rail (72 px) is too narrow for the mark and the toggle side by side: they stack, centred.
const Header = styled.div<{ $collapsed: boolean }>`
  display: flex;
  flex-direction: ${({ $collapsed }) => ($collapsed ? 'column' : 'row')};
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  min-height: 4rem;
  padding: ${({ $collapsed }) => ($collapsed ? '0.75rem 0 0.25rem' : '0 1rem 0 1.375rem')};
`;

const Brand = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
  font-size: 1.375rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  overflow: hidden;
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 1.875rem;
  height: 1.875rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 1rem;
`;

// The kit's small round button; its chevrons point the other way when the page is right-to-left.
const HeaderButton = styled(IconButton)`
  html[dir='rtl'] & svg { transform: scaleX(-1); }
`;

const List = styled.ul`
  flex: 1;
  margin: 0;
  padding: 0.5rem 0.875rem 1rem;
  overflow-y: auto;
  list-style: none;
`;

const GroupTitle = styled.li<{ $collapsed: boolean }>`
  margin: 1rem 0 0.25rem;
  padding-inline-start: ${({ $collapsed }) => ($collapsed ? '0' : '0.9375rem')};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
  text-transform: uppercase;
  letter-spacing: 0.03em;
  white-space: nowrap;
  overflow: hidden;
  &:first-child { margin-top: 0.25rem; }
  hr { margin: 0.5rem 0.5rem; border: 0; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Link = styled(RouterLink)<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-block: 0.125rem;
  padding: 0.5rem ${({ $collapsed }) => ($collapsed ? '0.625rem' : '0.9375rem')};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  overflow: hidden;
  transition: background ${({ theme }) => theme.transition};
  &:hover { background: ${({ theme }) => theme.colors.hover}; text-decoration: none; }
  &.active {
    background: linear-gradient(270deg, ${({ theme }) => theme.colors.primaryFill}b3 0%, ${({ theme }) => theme.colors.primaryFill} 100%);
    color: ${({ theme }) => theme.colors.onPrimary};
    box-shadow: 0 2px 6px ${({ theme }) => theme.colors.primary}4d;
  }
  svg { flex: none; }
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** The vertical navigation of the spec's shell: collapsible on wide screens, an overlay drawer on narrow ones. */
export function VerticalNav({ groups, title, collapsed, overlay, open, onToggleCollapsed, onClose }: VerticalNavProps) {
  const { t } = useTranslation();
  const narrow = collapsed && !overlay;
  const { pathname } = useLocation();
  return (
    <Aside
      id="vertical-nav"
      $collapsed={narrow}
      $overlay={overlay}
      $open={open}
      aria-hidden={overlay && !open ? true : undefined}
      inert={overlay && !open ? true : undefined}
    >
      <Header $collapsed={narrow}>
        <Brand>
          <Mark aria-hidden>{title.charAt(0)}</Mark>
          {narrow ? null : title}
        </Brand>
        {overlay ? (
          <HeaderButton size="sm" label={t('layout.closeNav')} onClick={onClose}>
            <IconX size={20} />
          </HeaderButton>
        ) : (
          <HeaderButton
            size="sm"
            label={collapsed ? t('layout.expandNav') : t('layout.collapseNav')}
            aria-expanded={!collapsed}
            onClick={onToggleCollapsed}
          >
            {collapsed ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
          </HeaderButton>
        )}
      </Header>
      <nav aria-label={t('nav.label')}>
        <List>
          {groups.map((group) => [
            <GroupTitle key={group.labelKey} $collapsed={narrow}>
              {narrow ? <hr /> : t(group.labelKey)}
            </GroupTitle>,
            ...group.items.map((item) => {
              const { to, labelKey, icon: Icon, badge } = item;
              const count = badge ? t('nav.tasksDue', { count: badge }) : undefined;
              const current = isNavItemCurrent(item, pathname);
              return (
                <li key={to}>
                  <Link
                    to={to}
                    className={current ? 'active' : undefined}
                    aria-current={current ? 'page' : undefined}
                    $collapsed={narrow}
                    title={narrow ? t(labelKey) : undefined}
                    onClick={overlay ? onClose : undefined}
                  >
                    <Icon size={22} />
                    {narrow ? <VisuallyHidden>{t(labelKey)}</VisuallyHidden> : t(labelKey)}
                    {badge && !narrow ? <CountBadge title={count} aria-label={count}>{badge}</CountBadge> : null}
                    {badge && narrow ? <VisuallyHidden>{count}</VisuallyHidden> : null}
                  </Link>
                </li>
              );
            }),
          ])}
        </List>
      </nav>
    </Aside>
  );
}
