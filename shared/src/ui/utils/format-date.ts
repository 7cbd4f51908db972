import type { UiLanguage } from '../i18n/ui-resources';

/** The Intl locale behind each language: one format per language everywhere (docs/decisions/066). */
const LOCALES: Record<UiLanguage, string> = { ru: 'ru-RU', en: 'en-US', fr: 'fr-FR', ar: 'ar' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lng: UiLanguage, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lng}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lng], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    dateFormats.set(key, format);
  }
  return format;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** A day ("26 нояб. 2026 г.", "Nov 26, 2026") in the reader's time zone; an unparsable value is shown as it came. */
export function formatDate(value: string | Date, lng: UiLanguage): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(lng, false).format(date);
}

/** A moment ("26 нояб. 2026 г., 14:50", "Nov 26, 2026, 2:50 PM") in the reader's time zone; unparsable: as it came. */
export function formatDateTime(value: string | Date, lng: UiLanguage): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(lng, true).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago (or ahead) a moment is, in the largest whole unit: "5 минут назад", "5 minutes ago", "сейчас" under a
 * second. Through `Intl.RelativeTimeFormat`, so every language gets its own plurals.
 */
export function formatRelativeTime(value: string | Date, lng: UiLanguage, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const format = new Intl.RelativeTimeFormat(LOCALES[lng], { numeric: 'auto' });
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
