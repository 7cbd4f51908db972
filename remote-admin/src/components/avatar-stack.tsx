import styled from 'styled-components';
import type { UserSummary } from '@crm/shared/schemas';

const Stack = styled.span`
  display: inline-flex;
  align-items: center;
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  margin-inline-start: -0.5rem;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  font-weight: 600;
  &:first-child {
    margin-inline-start: 0;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const More = styled.span`
  margin-inline-start: 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export interface AvatarStackProps {
  users: readonly UserSummary[];
  /** How many people there are in all; the rest show as "+N". */
  total?: number;
  max?: number;
}

/** Overlapping avatars (photo or initials) with the names as tooltips, and "+N" for the rest. */
export function AvatarStack({ users, total = users.length, max = 5 }: AvatarStackProps) {
  const shown = users.slice(0, max);
  const rest = total - shown.length;
  return (
    <Stack>
      {shown.map((user) => (
        <Avatar key={user.id} title={user.name} aria-label={user.name} role="img">
          {user.avatar ? <img src={user.avatar} alt="" /> : initials(user.name)}
        </Avatar>
      ))}
      {rest > 0 && <More>{`+${rest}`}</More>}
    </Stack>
  );
}
