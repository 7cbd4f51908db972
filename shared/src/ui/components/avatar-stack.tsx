import styled from 'styled-components';
import { userInitials } from '../utils/user-display-name';

const Stack = styled.span`
  display: inline-flex;
  align-items: center;
`;

/** How far each avatar slides over the one before it. */
const OVERLAP = '0.5rem';

// A covered avatar of initials centres them in the part left visible (end padding = the overlap); none shrinks in a
// narrow cell, where `overflow: hidden` would otherwise let flex squeeze it down to a sliver.
const Avatar = styled.span<{ $covered: boolean }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  margin-inline-start: -${OVERLAP};
  padding-inline-end: ${({ $covered }) => ($covered ? OVERLAP : '0')};
  line-height: 1;
  white-space: nowrap;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primaryFill};
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

/** Who an avatar shows: a user summary, a presence member's info. */
export interface AvatarPerson {
  id: number;
  name: string;
  avatar?: string | null;
}

export interface AvatarStackProps {
  users: readonly AvatarPerson[];
  /** How many people there are in all; the rest show as "+N". */
  total?: number;
  max?: number;
}

/** Overlapping avatars (photo or initials) with the names as tooltips, and "+N" for the rest: role cards, team rows, who views a lead. */
export function AvatarStack({ users, total = users.length, max = 5 }: AvatarStackProps) {
  const shown = users.slice(0, max);
  const rest = total - shown.length;
  return (
    <Stack>
      {shown.map((user, index) => (
        <Avatar key={user.id} title={user.name} aria-label={user.name} role="img" $covered={!user.avatar && index < shown.length - 1}>
          {user.avatar ? <img src={user.avatar} alt="" /> : userInitials(user)}
        </Avatar>
      ))}
      {rest > 0 && <More>{`+${rest}`}</More>}
    </Stack>
  );
}
