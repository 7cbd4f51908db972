import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas';
import type { ComponentType } from 'react';

/** One entry of the vertical navigation; shown only when the ability allows `action` on `subject`. */
export interface NavItem {
  to: string;
  /** i18n key of the label, e.g. `nav.leads`. */
  labelKey: string;
  icon: ComponentType<{ size?: number }>;
  action?: AbilityAction;
  subject?: AbilitySubject;
  /** A path prefix whose pages (forms, detail pages) also mark this entry as current, e.g. `/leads/`. */
  section?: string;
  /** A count shown beside the label (the open tasks due today or before, on "Мой день"); hidden at 0. */
  badge?: number;
}

/** Whether `item` is the current entry at `pathname` (relative to the base path). */
export function isNavItemCurrent(item: Pick<NavItem, 'to' | 'section'>, pathname: string): boolean {
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return item.section !== undefined && pathname.startsWith(item.section);
}

/** A titled group of entries (the spec's menu has groups and icons); a dropdown in the horizontal navigation. */
export interface NavGroup {
  /** i18n key of the title, e.g. `nav.groupLeads`. */
  labelKey: string;
  icon: NavItem['icon'];
  items: readonly NavItem[];
}

/** The groups with only the entries `can` allows; a group left empty is not shown at all. */
export function allowedNavGroups(
  groups: readonly NavGroup[],
  can: (action: NonNullable<NavItem['action']>, subject: NonNullable<NavItem['subject']>) => boolean,
): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !item.action || !item.subject || can(item.action, item.subject)),
    }))
    .filter((group) => group.items.length > 0);
}
