import { NavLink } from '@crm/shared/router';
import styled from 'styled-components';
import { useUiText, alpha } from '@crm/shared/ui';
import type { NavItem } from './nav-items';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  padding: 1rem 1.5rem 0;
`;

const Link = styled(NavLink)`
  padding: 0.4375rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
  transition: background ${({ theme }) => theme.transition};
  &:hover { text-decoration: none; background: ${({ theme }) => theme.colors.hover}; }
  &.active {
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.primaryFill};
    box-shadow: 0 2px 6px ${({ theme }) => alpha(theme.colors.primary, 0.3)};
  }
`;

/** Links to the remote's titled pages. */
export function StandaloneNav({ items }: { items: readonly NavItem[] }) {
  const t = useUiText();
  if (items.length === 0) return null;
  return (
    <Nav aria-label={t('standalone.pages')}>
      {items.map((item) => (
        <Link key={item.to} to={item.to}>
          {item.title}
        </Link>
      ))}
    </Nav>
  );
}
