import { formatDateTime as formatDateTimeIn } from '@crm/shared/ui';

/** A moment as the lead screens (Russian) write it, through the one formatter (docs/decisions/066). */
export function formatDateTime(iso: string): string {
  return formatDateTimeIn(iso, 'ru');
}

/**
 * Makes the formatter in a task of its own, right after the one that asks (a page's mount), before its first use: the
 * page's first `Intl.DateTimeFormat` loads the locale's data (about 60 ms of a phone's script at 4× slower), which
 * would otherwise lengthen the task that draws the lead once its answer arrives (docs/decisions/080). An idle
 * callback came too late: the answer is often back before the main thread is idle. Answers a cancel.
 */
export function prepareDateTimeFormat(): () => void {
  const id = setTimeout(() => void formatDateTime(new Date(0).toISOString()), 0);
  return () => clearTimeout(id);
}
