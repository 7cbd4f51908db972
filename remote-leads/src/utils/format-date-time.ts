import { formatDateTime as formatDateTimeIn } from '@crm/shared/ui';

/** A moment as the lead screens (Russian) write it, through the one formatter (docs/decisions/066). */
export function formatDateTime(iso: string): string {
  return formatDateTimeIn(iso, 'ru');
}
