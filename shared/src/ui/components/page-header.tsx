import type { ReactNode } from 'react';
import styled from 'styled-components';
import { withThemeFallback } from '../theme/with-theme-fallback';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons at the end, e.g. "Add". */
  actions?: ReactNode;
}

const Root = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem 1rem;
  margin-bottom: 1.5rem;
`;

// A long name (a lead's) wraps, even inside a word, instead of pushing the actions off the page.
const Heading = styled.div`
  flex: 1 1 16rem;
  min-width: 0;
`;

const Title = styled.h1`
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.sizeXl};
  font-weight: 500;
  line-height: 1.3;
`;

const Subtitle = styled.p`
  margin: 0.25rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

function PageHeaderView({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Root>
      <Heading>
        <Title>{title}</Title>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
      </Heading>
      {actions ? <Actions>{actions}</Actions> : null}
    </Root>
  );
}

/** The page's heading (h1) with its actions. */
export const PageHeader = withThemeFallback(PageHeaderView, 'PageHeader');
