import { IconButton, IconMenu } from '@crm/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { BOXED_WIDTH } from './layout-sizes';

export interface TopBarProps {
  /** Shows the button that opens the overlay navigation. */
  showNavToggle: boolean;
  navOpen: boolean;
  onOpenNav: () => void;
  /** Navbar type: sticky stays on top while scrolling, static scrolls away (hidden: the layout draws no bar). */
  type: 'sticky' | 'static';
  /** Navbar blur: a translucent bar that blurs the page under it. */
  blur: boolean;
  /** The spec's content width boxed: the bar lines up with the boxed page. */
  boxed: boolean;
  /** Start-aligned slot, after the navigation toggle: global search goes here. */
  start?: ReactNode;
  /** Switchers, shortcuts, notifications and the user menu, end-aligned. */
  children: ReactNode;
  /** The horizontal navigation, under the bar's row (the spec's horizontal navigation). */
  below?: ReactNode;
}

const Bar = styled.header<{ $sticky: boolean }>`
  position: ${({ $sticky }) => ($sticky ? 'sticky' : 'relative')};
  top: 0;
  z-index: 10;
  padding: 0.75rem 1.5rem 0;
`;

const Inner = styled.div<{ $blur: boolean; $boxed: boolean }>`
  max-width: ${({ $boxed }) => ($boxed ? `${BOXED_WIDTH - 48}px` : 'none')};
  margin-inline: auto;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${({ $blur, theme }) =>
    $blur
      ? css`
          background: ${`${theme.colors.surface}e6`};
          backdrop-filter: blur(6px);
        `
      : css`
          background: ${theme.colors.surface};
        `}
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  min-height: 3.5rem;
  padding-block: 0;
  padding-inline: 1rem 0.75rem;
`;

const Spacer = styled.div`
  flex: 1;
`;


/** The shell's navbar: the navigation toggle on narrow screens, a search slot, then the end-aligned controls. */
export function TopBar({ showNavToggle, navOpen, onOpenNav, type, blur, boxed, start, children, below }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Bar $sticky={type === 'sticky'} data-navbar-type={type}>
      <Inner $blur={blur} $boxed={boxed}>
        <Row>
          {showNavToggle ? (
            <IconButton
              label={t('layout.openNav')}
              aria-controls="vertical-nav"
              aria-expanded={navOpen}
              onClick={onOpenNav}
            >
              <IconMenu size={24} />
            </IconButton>
          ) : null}
          {start}
          <Spacer />
          {children}
        </Row>
        {below}
      </Inner>
    </Bar>
  );
}
