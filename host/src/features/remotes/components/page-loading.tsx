import { Spinner } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('common.loading')} style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <Spinner />
    </div>
  );
}
