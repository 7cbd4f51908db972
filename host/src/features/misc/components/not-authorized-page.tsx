import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** Where a signed-in user lands without the route's ability. */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('misc.notAuthorizedTitle')} message={t('misc.notAuthorizedMessage')} />;
}
