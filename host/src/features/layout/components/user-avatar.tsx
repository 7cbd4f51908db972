import type { User } from '@crm/shared/schemas';
import { userInitials } from '@crm/shared/ui';
import styled from 'styled-components';

export interface UserAvatarProps {
  user: Pick<User, 'name' | 'first_name' | 'avatar'>;
  size?: number;
}

const Circle = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  font-weight: 600;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/** The user's picture, or their initials on the primary colour. */
export function UserAvatar({ user, size = 38 }: UserAvatarProps) {
  return (
    <Circle $size={size} aria-hidden>
      {user.avatar ? <img src={user.avatar} alt="" /> : userInitials(user)}
    </Circle>
  );
}
