import { usePresence } from '@crm/shared/realtime';
import { realtimeChannels } from '@crm/shared/schemas/mini';
import { AvatarStack } from '@crm/shared/ui';

export interface LeadViewersProps {
  leadId: number;
}

/** Avatars of the other users looking at this lead right now (its presence channel). */
export function LeadViewers({ leadId }: LeadViewersProps) {
  const { members, myId } = usePresence(realtimeChannels.leadPresence(leadId));
  const others = members
    .filter((member) => member.id !== myId)
    .map((member) => ({ id: Number(member.id), name: member.info?.name ?? `#${member.id}`, avatar: member.info?.avatar ?? null }));
  if (others.length === 0) return null;
  const label = `Сейчас смотрят: ${others.map((person) => person.name).join(', ')}`;
  return (
    <span role="group" aria-label={label} title={label} data-testid="lead-viewers">
      <AvatarStack users={others} />
    </span>
  );
}
