import { Card } from '@crm/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

const Wrapper = styled.div`
  width: min(27rem, 100%);
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.625rem;
  margin-bottom: 1.5rem;
  font-size: 1.5rem;
  font-weight: 700;
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 1.0625rem;
`;

const Title = styled.h1`
  margin-bottom: 0.375rem;
  font-size: ${({ theme }) => theme.font.sizeXl};
`;

const Subtitle = styled.p`
  margin: 0 0 1.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The centred card of the signed-out pages, under the app's name. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { t } = useTranslation();
  const appTitle = t('common.appTitle');
  return (
    <Wrapper>
      <Card style={{ padding: '1rem 0.5rem' }}>
        <Brand>
          <Mark aria-hidden>{appTitle.charAt(0)}</Mark>
          {appTitle}
        </Brand>
        <Title>{title}</Title>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
        {children}
      </Card>
    </Wrapper>
  );
}
