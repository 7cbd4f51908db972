import { IconLogout, userDisplayName } from '@crm/shared/ui';
import type { User } from '@crm/shared/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { DropdownMenu } from './dropdown-menu';
import { IconSettings, IconUser } from './icons';
import { MenuItem, menuItemStyle } from './menu-item';
import { UserAvatar } from './user-avatar';

export interface UserMenuProps {
  user: User;
  /** Where the profile entry leads. */
  profilePath: string;
  /** Where the account settings entry leads. */
  accountSettingsPath: string;
  onSignOut: () => void;
}

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem 0.75rem;
  margin-bottom: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Name = styled.div`
  font-weight: 600;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
`;

const Role = styled.div`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MenuLink = styled(Link)`
  ${menuItemStyle}
`;

/** Who is signed in (avatar, name and role), their profile and account settings, and sign-out. */
export function UserMenu({ user, profilePath, accountSettingsPath, onSignOut }: UserMenuProps) {
  const { t } = useTranslation();
  const fullName = userDisplayName(user);
  return (
    <DropdownMenu label={t('layout.userMenu')} trigger={<UserAvatar user={user} />}>
      {(close) => (
        <>
          <Header>
            <UserAvatar user={user} size={34} />
            <div>
              <Name>{fullName}</Name>
              <Role>{user.role}</Role>
            </div>
          </Header>
          <MenuLink to={profilePath} role="menuitem" onClick={close}>
            <IconUser size={20} />
            {t('layout.profile')}
          </MenuLink>
          <MenuLink to={accountSettingsPath} role="menuitem" onClick={close}>
            <IconSettings size={20} />
            {t('layout.accountSettings')}
          </MenuLink>
          <MenuItem
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <IconLogout size={20} />
            {t('layout.signOut')}
          </MenuItem>
        </>
      )}
    </DropdownMenu>
  );
}
