import { memo } from 'react';
import styled from 'styled-components';
import { Chip, userDisplayName } from '@crm/shared/ui';
import type { LeadListItem } from '@crm/shared/schemas';

export interface ResponsibleChipsProps {
  users: LeadListItem['responsible'];
}

const People = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

/** The lead's responsible users, one chip each. */
export const ResponsibleChips = memo(function ResponsibleChips({ users }: ResponsibleChipsProps) {
  return (
    <People>
      {users.map((user) => (
        <Chip key={user.id} color="secondary">
          {userDisplayName(user)}
        </Chip>
      ))}
    </People>
  );
});
