import { useSession } from '@crm/shared/api-client';
import { useTranslation } from 'react-i18next';
import { useLiveAbilities } from '../features/auth/hooks/use-live-abilities';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { DefaultLayout } from '../features/layout/components/default-layout';
import { LanguageSwitcher } from '../features/layout/components/language-switcher';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { ConnectionIndicator } from '../features/realtime/components/connection-indicator';
import { I18N_ENABLED, LANGUAGES } from './i18n';
import { NAV_ITEMS } from './navigation';
import { PROFILE_PATH } from './routes';

/** The default layout wired to the session, sign-out and the navigation built from the route table. */
export function AppDefaultLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  useLiveAbilities();
  return (
    <DefaultLayout
      title={t('common.appTitle')}
      navItems={NAV_ITEMS}
      user={user}
      profilePath={PROFILE_PATH}
      onSignOut={() => void signOut()}
      topBarExtras={
        <>
          <ConnectionIndicator />
          {I18N_ENABLED ? <LanguageSwitcher languages={LANGUAGES} /> : null}
          <NotificationBell />
        </>
      }
    />
  );
}
