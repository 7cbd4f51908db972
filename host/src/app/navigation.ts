import {
  IconFileText,
  IconFolder,
  IconHistory,
  IconKey,
  IconMessages,
  IconShield,
  IconTag,
  IconUsers,
  IconUsersGroup,
  IconWorld,
} from '../features/layout/components/icons';
import type { NavItem } from '../features/layout/utils/nav-item';
import { findRoute } from './routes';

/** Entry → route name; path and ability come from the route table so the menu and the guards cannot disagree. */
const ENTRIES: readonly { route: string; labelKey: string; icon: NavItem['icon']; section?: string }[] = [
  // The lead form and detail pages (/leads/create, /leads/5) belong to the Leads entry.
  { route: 'leads-list', labelKey: 'nav.leads', icon: IconUsers, section: '/leads/' },
  { route: 'lead-status-list', labelKey: 'nav.leadStatuses', icon: IconTag },
  { route: 'document-list', labelKey: 'nav.documents', icon: IconFileText, section: '/document/' },
  { route: 'document-category-list', labelKey: 'nav.documentCategories', icon: IconFolder },
  { route: 'comment-step-list', labelKey: 'nav.commentSteps', icon: IconMessages },
  { route: 'team', labelKey: 'nav.teams', icon: IconUsersGroup },
  { route: 'apps-users', labelKey: 'nav.users', icon: IconUsers },
  { route: 'apps-roles', labelKey: 'nav.roles', icon: IconShield },
  { route: 'apps-permissions', labelKey: 'nav.permissions', icon: IconKey },
  { route: 'white-ip-list', labelKey: 'nav.whiteIp', icon: IconWorld },
  { route: 'audit-log', labelKey: 'nav.auditLog', icon: IconHistory },
];

export const NAV_ITEMS: readonly NavItem[] = ENTRIES.map(({ route, labelKey, icon, section }) => {
  const { path, handle } = findRoute(route);
  return { to: path, labelKey, icon, action: handle.action, subject: handle.subject, section };
});
