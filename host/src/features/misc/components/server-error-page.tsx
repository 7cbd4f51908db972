import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** A route that failed in a way no page handled. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('misc.serverErrorTitle')} message={t('misc.serverErrorMessage')} />;
}
