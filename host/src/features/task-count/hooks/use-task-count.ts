import { useSWRConfig } from 'swr';
import { apiKeysUnder, useSession } from '@crm/shared/api-client';
import { useAbility } from '@crm/shared/abilities/react';
import { useAfterFirstScreen, useChannelEvent } from '@crm/shared/realtime';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';
import { useTaskSummary } from '../api/get-task-summary';

const LEAD_TASKS = /^\/leads\/\d+\/tasks$/;
/** pusher-js's event on a channel once the server confirmed its subscription. */
const SUBSCRIBED = 'pusher:subscription_succeeded';

/**
 * The menu badge of "Мой день": the caller's open tasks overdue or due today (docs/decisions/074). Task changes and
 * reminders on the user's channel refresh it, and every task list open in a remote with it.
 */
export function useTaskCount(): number {
  const { user, isLoggedIn } = useSession();
  const canViewLeads = useAbility().can('view', 'lead');
  // Not part of the page's first screen (nor is the browser's time zone it sends, whose first read costs a phone
  // about 60 ms): asked for once that has passed, with the realtime connection.
  const afterFirstScreen = useAfterFirstScreen();
  const { data } = useTaskSummary(isLoggedIn && canViewLeads && afterFirstScreen);
  const { mutate } = useSWRConfig();
  const refresh = () => {
    void mutate(apiKeysUnder('/tasks'));
    // A lead page's task block (`/leads/{id}/tasks`), not the lead lists.
    void mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && LEAD_TASKS.test(key[0]));
  };
  const channel = user && canViewLeads ? realtimeChannels.user(user.id) : null;
  useChannelEvent(channel, realtimeEvents.tasksChanged, refresh);
  // The connection starts after the page's first screen (docs/decisions/080): a change before the channel was
  // subscribed, or while it was away, is fetched again when it is (again) subscribed.
  useChannelEvent(channel, SUBSCRIBED, refresh);
  return data ? data.overdue + data.today : 0;
}
