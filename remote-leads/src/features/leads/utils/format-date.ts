import { formatDate as formatDateIn } from '@crm/shared/ui';

/** A day as the lead screens (Russian) write it, through the one formatter (docs/decisions/066). */
export function formatDate(iso: string): string {
  return formatDateIn(iso, 'ru');
}
