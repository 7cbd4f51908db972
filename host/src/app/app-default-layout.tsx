import { useMemo } from 'react';
import { useSession } from '@crm/shared/api-client';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@crm/shared/router';
import { useLiveAbilities } from '../features/auth/hooks/use-live-abilities';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { DefaultLayout } from '../features/layout/components/default-layout';
import { LanguageSwitcher } from '../features/layout/components/language-switcher';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { RemoteUpdateNotice } from '../features/remotes/components/remote-update-notice';
import { ConnectionIndicator } from '../features/realtime/components/connection-indicator';
import { SearchBox } from '../features/search/components/search-box';
import { useTaskCount } from '../features/task-count/hooks/use-task-count';
import { ShortcutsButton } from '../features/shortcuts/components/shortcuts-button';
import { useWebConfig } from '../features/web-config/api/get-web-config';
import { useAppPages } from './app-pages';
import { LANGUAGES } from './i18n';
import { NAV_GROUPS, withTaskCount } from './navigation';
import { ACCOUNT_SETTINGS_PATH, PROFILE_PATH } from './routes';

/** Set by the build (host/webpack.config.cjs); `dev` under the test runner. */
export const APP_VERSION = process.env.APP_VERSION ?? 'dev';
/** The API's documentation (Swagger UI), served by the API itself. */
export const API_DOCS_URL = '/api/docs';

/** The default layout wired to the session, sign-out and the navigation built from the route table. */
export function AppDefaultLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const { i18nEnabled } = useWebConfig();
  useLiveAbilities();
  const pages = useAppPages();
  const navigate = useNavigate();
  const taskCount = useTaskCount();
  const navGroups = useMemo(() => withTaskCount(NAV_GROUPS, taskCount), [taskCount]);
  return (
    <DefaultLayout
      title={t('common.appTitle')}
      navGroups={navGroups}
      user={user}
      profilePath={PROFILE_PATH}
      accountSettingsPath={ACCOUNT_SETTINGS_PATH}
      version={APP_VERSION}
      apiDocsUrl={API_DOCS_URL}
      onSignOut={() => void signOut()}
      notice={<RemoteUpdateNotice />}
      topBarStart={user ? <SearchBox userId={user.id} pages={pages} onNavigate={(to) => navigate(to)} /> : null}
      topBarExtras={
        <>
          <ShortcutsButton pages={pages} />
          <ConnectionIndicator />
          {i18nEnabled ? <LanguageSwitcher languages={LANGUAGES} /> : null}
          <NotificationBell />
        </>
      }
    />
  );
}
