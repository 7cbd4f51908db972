import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** Any unknown path (the route table's catch-all). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('misc.notFoundTitle')} message={t('misc.notFoundMessage')} />;
}
