import { usePresence } from '@crm/shared/realtime';
import { realtimeChannels } from '@crm/shared/schemas';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

const Avatar = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  margin-inline-start: -0.375rem;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-size: 0.75rem;
  font-weight: 600;
  overflow: hidden;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export interface LeadViewersProps {
  leadId: number;
}

/** Avatars of the other users looking at this lead right now (its presence channel). */
export function LeadViewers({ leadId }: LeadViewersProps) {
  const { members, myId } = usePresence(realtimeChannels.leadPresence(leadId));
  const others = members.filter((member) => member.id !== myId);
  if (others.length === 0) return null;
  const label = `Сейчас смотрят: ${others.map((m) => m.info?.name ?? `#${m.id}`).join(', ')}`;
  return (
    <Row role="group" aria-label={label} title={label} data-testid="lead-viewers">
      {others.map((member) => {
        const name = member.info?.name ?? `#${member.id}`;
        return (
          <Avatar key={member.id} data-user-id={member.id} aria-label={name} title={name}>
            {member.info?.avatar ? <img src={member.info.avatar} alt="" /> : initials(name)}
          </Avatar>
        );
      })}
    </Row>
  );
}
