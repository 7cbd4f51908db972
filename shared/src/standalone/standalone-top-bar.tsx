import styled from 'styled-components';
import type { User } from '@crm/shared/schemas/mini';
import { Button, useUiText, IconLogout, alpha, userDisplayName } from '@crm/shared/ui';

export interface StandaloneTopBarProps {
  title: string;
  user: User | null;
  onSignOut: () => void;
  signingOut?: boolean;
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 1rem;
  min-height: 3.75rem;
  padding: 0.5rem 1.5rem;
  background: ${({ theme }) => alpha(theme.colors.surface, 0.88)};
  backdrop-filter: blur(8px);
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  margin-inline-end: auto;
  font-size: ${({ theme }) => theme.font.sizeLg};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Logo = styled.span`
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.875rem;
  font-weight: 700;
`;

const UserName = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** The standalone shell's top bar: the remote's title, who is signed in, and the sign-out button. */
export function StandaloneTopBar({ title, user, onSignOut, signingOut }: StandaloneTopBarProps) {
  const t = useUiText();
  return (
    <Bar>
      <Brand>
        <Logo aria-hidden>{title.trim().charAt(0).toUpperCase()}</Logo>
        <span>{title}</span>
      </Brand>
      {user ? (
        <>
          <UserName>{userDisplayName(user)}</UserName>
          <Button variant="secondary" size="sm" startIcon={<IconLogout size={16} />} onClick={onSignOut} loading={signingOut}>
            {t('standalone.signOut')}
          </Button>
        </>
      ) : null}
    </Bar>
  );
}
