import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import { withThemeFallback } from '../theme/with-theme-fallback';

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Buttons at the end of the header. */
  actions?: ReactNode;
  /** Drop the body padding, e.g. for a table reaching the card's edges. */
  flush?: boolean;
  children?: ReactNode;
}

const Root = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem 1rem;
  padding: 1.25rem 1.5rem;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.sizeLg};
  font-weight: 500;
`;

const Subtitle = styled.p`
  margin: 0.125rem 0 0;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

const Body = styled.div<{ $flush: boolean }>`
  padding: ${({ $flush }) => ($flush ? '0' : '0 1.5rem 1.5rem')};
  &:first-child { padding-top: ${({ $flush }) => ($flush ? '0' : '1.5rem')}; }
`;

function CardView({ title, subtitle, actions, flush = false, children, ...rest }: CardProps) {
  const hasHeader = Boolean(title || subtitle || actions);
  return (
    <Root {...rest}>
      {hasHeader ? (
        <Header>
          <div>
            {title ? <Title>{title}</Title> : null}
            {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
          </div>
          {actions ? <Actions>{actions}</Actions> : null}
        </Header>
      ) : null}
      <Body $flush={flush}>{children}</Body>
    </Root>
  );
}

/** A raised surface with an optional header (title, subtitle, actions). */
export const Card = withThemeFallback(CardView, 'Card');
