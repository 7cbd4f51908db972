import { IconMenu } from '@crm/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export interface TopBarProps {
  /** Shows the button that opens the overlay navigation. */
  showNavToggle: boolean;
  navOpen: boolean;
  onOpenNav: () => void;
  /** Switchers and the user menu, end-aligned. */
  children: ReactNode;
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  padding: 0.75rem 1.5rem 0;
`;

// §9: sticky navbar with blur.
const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  min-height: 3.5rem;
  padding: 0 0.75rem 0 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => `${theme.colors.surface}e6`};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  backdrop-filter: blur(6px);
`;

const Spacer = styled.div`
  flex: 1;
`;

const MenuButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.375rem;
  height: 2.375rem;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
`;

export function TopBar({ showNavToggle, navOpen, onOpenNav, children }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Bar>
      <Inner>
        {showNavToggle ? (
          <MenuButton
            type="button"
            aria-label={t('layout.openNav')}
            title={t('layout.openNav')}
            aria-controls="vertical-nav"
            aria-expanded={navOpen}
            onClick={onOpenNav}
          >
            <IconMenu size={24} />
          </MenuButton>
        ) : null}
        <Spacer />
        {children}
      </Inner>
    </Bar>
  );
}
