import { useSession } from '@crm/shared/api-client';
import { useChannelEvent } from '@crm/shared/realtime';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';
import { refreshSession } from '../api/refresh-session';

/** When the server says the user's role or abilities changed, reload them: menus and guards follow at once. */
export function useLiveAbilities(): void {
  const { user } = useSession();
  useChannelEvent(user ? realtimeChannels.user(user.id) : null, realtimeEvents.abilitiesChanged, () => {
    refreshSession().catch((error: unknown) => console.error('Could not reload the abilities', error));
  });
}
