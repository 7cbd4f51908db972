import { IconChevronDown, useDismiss } from '@crm/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from '@crm/shared/router';
import styled from 'styled-components';
import { isNavItemCurrent, type NavGroup } from '../utils/nav-item';
import { CountBadge } from './count-badge';

export interface HorizontalNavProps {
  groups: readonly NavGroup[];
}

const Bar = styled.nav`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  margin: 0;
  padding: 0.5rem 0.75rem;
  list-style: none;
`;

const Group = styled.li`
  position: relative;
`;

const GroupButton = styled.button<{ $current: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 0.875rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $current }) => ($current ? theme.colors.primaryFill : 'transparent')};
  color: ${({ theme, $current }) => ($current ? theme.colors.onPrimary : theme.colors.text)};
  cursor: pointer;
  &:hover { background: ${({ theme, $current }) => ($current ? theme.colors.primaryFill : theme.colors.hover)}; }
  svg:last-child { transition: transform ${({ theme }) => theme.transition}; }
  &[aria-expanded='true'] svg:last-child { transform: rotate(180deg); }
`;

const Dropdown = styled.ul`
  position: absolute;
  top: calc(100% + 0.25rem);
  inset-inline-start: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  min-width: 14rem;
  margin: 0;
  padding: 0.5rem;
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Link = styled(RouterLink)`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.hover}; text-decoration: none; }
  &.active { color: ${({ theme }) => theme.colors.primaryText}; background: ${({ theme }) => theme.colors.hover}; }
`;

/**
 * The horizontal navigation: one dropdown per group under the navbar's row. Loaded only when chosen
 * (React.lazy in the default layout), so the vertical default costs nothing for it.
 */
export default function HorizontalNav({ groups }: HorizontalNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);

  useEffect(() => setOpen(null), [pathname]);

  useDismiss(root, Boolean(open), () => setOpen(null));

  return (
    <Bar ref={root} aria-label={t('nav.label')} id="horizontal-nav">
      <List>
        {groups.map(({ labelKey, icon: GroupIcon, items }) => {
          const expanded = open === labelKey;
          const current = items.some((item) => isNavItemCurrent(item, pathname));
          const menuId = `horizontal-nav-${labelKey.replace(/\W/g, '-')}`;
          // A closed group still shows its entries' counts ("Мой день"), as the vertical menu does at a glance.
          const total = items.reduce((sum, item) => sum + (item.badge ?? 0), 0);
          const totalLabel = total > 0 ? t('nav.tasksDue', { count: total }) : undefined;
          return (
            <Group key={labelKey}>
              <GroupButton
                type="button"
                $current={current}
                aria-expanded={expanded}
                aria-controls={expanded ? menuId : undefined}
                onClick={() => setOpen(expanded ? null : labelKey)}
              >
                <GroupIcon size={20} />
                {t(labelKey)}
                {total > 0 ? <CountBadge title={totalLabel} aria-label={totalLabel}>{total}</CountBadge> : null}
                <IconChevronDown size={16} />
              </GroupButton>
              {expanded ? (
                <Dropdown id={menuId}>
                  {items.map((item) => {
                    const { to, labelKey: itemLabel, icon: Icon, badge } = item;
                    const here = isNavItemCurrent(item, pathname);
                    const count = badge ? t('nav.tasksDue', { count: badge }) : undefined;
                    return (
                      <li key={to}>
                        <Link to={to} className={here ? 'active' : undefined} aria-current={here ? 'page' : undefined}>
                          <Icon size={20} />
                          {t(itemLabel)}
                          {badge ? <CountBadge title={count} aria-label={count}>{badge}</CountBadge> : null}
                        </Link>
                      </li>
                    );
                  })}
                </Dropdown>
              ) : null}
            </Group>
          );
        })}
      </List>
    </Bar>
  );
}
