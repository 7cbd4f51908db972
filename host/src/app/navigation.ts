import {
  IconChecklist,
  IconChartBar,
  IconFileText,
  IconFolder,
  IconHistory,
  IconKey,
  IconMessages,
  IconPuzzle,
  IconShield,
  IconTag,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
  IconWorld,
} from '../features/layout/components/icons';
import type { NavGroup, NavItem } from '../features/layout/utils/nav-item';
import { findRoute } from './routes';

type Entry = { route: string; labelKey: string; icon: NavItem['icon']; section?: string };

/** Entry → route name; path and ability come from the route table so the menu and the guards cannot disagree. */
const GROUPS: readonly { labelKey: string; icon: NavItem['icon']; entries: readonly Entry[] }[] = [
  {
    labelKey: 'nav.groupLeads',
    icon: IconUsers,
    entries: [
      // First in the menu for whoever holds `view dashboard` (every seeded role, docs/decisions/076).
      { route: 'dashboard', labelKey: 'nav.dashboard', icon: IconChartBar },
      // The lead form and detail pages (/leads/create, /leads/5) belong to the Leads entry.
      { route: 'leads-list', labelKey: 'nav.leads', icon: IconUsers, section: '/leads/' },
      { route: 'tasks', labelKey: 'nav.tasks', icon: IconChecklist },
      { route: 'lead-status-list', labelKey: 'nav.leadStatuses', icon: IconTag },
    ],
  },
  {
    labelKey: 'nav.groupDocuments',
    icon: IconFileText,
    entries: [
      { route: 'document-list', labelKey: 'nav.documents', icon: IconFileText, section: '/document/' },
      { route: 'document-category-list', labelKey: 'nav.documentCategories', icon: IconFolder },
    ],
  },
  {
    labelKey: 'nav.groupAdministration',
    icon: IconShield,
    entries: [
      { route: 'comment-step-list', labelKey: 'nav.commentSteps', icon: IconMessages },
      { route: 'team', labelKey: 'nav.teams', icon: IconUsersGroup },
      { route: 'apps-users', labelKey: 'nav.users', icon: IconUsers },
      { route: 'apps-roles', labelKey: 'nav.roles', icon: IconShield },
      { route: 'apps-permissions', labelKey: 'nav.permissions', icon: IconKey },
      { route: 'white-ip-list', labelKey: 'nav.whiteIp', icon: IconWorld },
      { route: 'audit-log', labelKey: 'nav.auditLog', icon: IconHistory },
      { route: 'admin-remotes', labelKey: 'nav.remotes', icon: IconPuzzle },
      { route: 'admin-webhooks', labelKey: 'nav.webhooks', icon: IconWebhook },
    ],
  },
];

function toNavItem({ route, labelKey, icon, section }: Entry): NavItem {
  const { path, handle } = findRoute(route);
  return { to: path, labelKey, icon, action: handle.action, subject: handle.subject, section };
}

/** The menu: groups of entries, each shown only when the user's abilities allow its route. */
export const NAV_GROUPS: readonly NavGroup[] = GROUPS.map(({ labelKey, icon, entries }) => ({
  labelKey,
  icon,
  items: entries.map(toNavItem),
}));

/** Every entry, in menu order (global search and shortcuts list the pages from here). */
export const NAV_ITEMS: readonly NavItem[] = NAV_GROUPS.flatMap((group) => group.items);

/** The menu with "Мой день"'s count of open tasks overdue or due today (the same groups while it is 0). */
export function withTaskCount(groups: readonly NavGroup[], count: number): readonly NavGroup[] {
  if (count === 0) return groups;
  const to = findRoute('tasks').path;
  return groups.map((group) => ({ ...group, items: group.items.map((item) => (item.to === to ? { ...item, badge: count } : item)) }));
}
