import { useAbility } from '@crm/shared/abilities/react';
import { SHORTCUT_PAGES } from '@crm/shared/schemas/mini';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { findRoute } from './routes';

/** i18n key of each pinnable page's name: the navigation's labels, plus the two "new …" forms. */
export const APP_PAGE_LABELS: Record<string, string> = {
  'leads-list': 'nav.leads',
  'leads-add': 'search.pageNewLead',
  'lead-status-list': 'nav.leadStatuses',
  'document-list': 'nav.documents',
  'document-add': 'search.pageNewDocument',
  'document-category-list': 'nav.documentCategories',
  'comment-step-list': 'nav.commentSteps',
  team: 'nav.teams',
  'apps-users': 'nav.users',
  'apps-roles': 'nav.roles',
  'apps-permissions': 'nav.permissions',
  'white-ip-list': 'nav.whiteIp',
  'audit-log': 'nav.auditLog',
};

export interface AppPage {
  key: string;
  to: string;
  label: string;
  labelKey: string;
}

/**
 * The pages the signed-in user may open, for the search box and the shortcuts: the server's list of pinnable pages
 * (SHORTCUT_PAGES), each with its route's path, filtered by the route's own ability.
 */
export function useAppPages(): AppPage[] {
  const ability = useAbility();
  const { t } = useTranslation();
  return useMemo(
    () =>
      SHORTCUT_PAGES.flatMap(({ key }) => {
        const { path, handle } = findRoute(key);
        if (handle.action && handle.subject && !ability.can(handle.action, handle.subject)) return [];
        return [{ key, to: path, label: t(APP_PAGE_LABELS[key]), labelKey: APP_PAGE_LABELS[key] }];
      }),
    [ability, t],
  );
}
