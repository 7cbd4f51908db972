import { z } from 'zod/mini';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * True for an IANA time zone name this runtime knows (`Europe/Moscow`, `UTC`). Offsets (`+03:00`) are refused: the
 * runtime reads them as ISO offsets, PostgreSQL as POSIX ones, whose sign is the other way round.
 */
export function isIanaTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const CALENDAR_DATE_MESSAGE_RU = 'Укажите дату в виде ГГГГ-ММ-ДД';
export const TIME_ZONE_MESSAGE_RU = 'Укажите часовой пояс IANA, например Europe/Moscow';

/** A day `YYYY-MM-DD`, as a query parameter. */
export const calendarDateQuery = () => z.string().check(z.refine(isCalendarDate, CALENDAR_DATE_MESSAGE_RU));
/** An IANA zone, as a query parameter. */
export const timeZoneQuery = () => z.string().check(z.refine(isIanaTimeZone, TIME_ZONE_MESSAGE_RU));
