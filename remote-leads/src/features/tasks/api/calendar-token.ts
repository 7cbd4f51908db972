import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { CalendarFeed, CalendarFeedState } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export const CALENDAR_TOKEN_PATH = '/account/calendar-token';

const parseStateAnswer = parseWithSchemas(({ dataEnvelope, calendarFeedStateSchema }) => dataEnvelope(calendarFeedStateSchema));
const parseFeedAnswer = parseWithSchemas(({ dataEnvelope, calendarFeedSchema }) => dataEnvelope(calendarFeedSchema));

/** GET /api/account/calendar-token: whether the caller has a live feed URL. */
export async function getCalendarFeedState(): Promise<CalendarFeedState> {
  return (await parseStateAnswer(api.get<unknown>(CALENDAR_TOKEN_PATH))).data;
}

export function useCalendarFeedState() {
  return useSWR<CalendarFeedState, ApiError>([CALENDAR_TOKEN_PATH], getCalendarFeedState);
}

/** POST: a new secret feed URL, shown this once; the previous one stops working. */
export async function createCalendarFeed(): Promise<CalendarFeed> {
  return (await parseFeedAnswer(api.post<unknown>(CALENDAR_TOKEN_PATH))).data;
}

/** DELETE: the feed URL stops working. */
export async function revokeCalendarFeed(): Promise<void> {
  await api.delete<unknown>(CALENDAR_TOKEN_PATH);
}
