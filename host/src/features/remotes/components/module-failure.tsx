import { ErrorState } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { ModuleLoadError } from '../utils/module-load-error';

export interface ModuleFailureProps {
  source: string;
  error: Error;
  onRetry: () => void;
}

export function ModuleFailure({ source, error, onRetry }: ModuleFailureProps) {
  const { t } = useTranslation();
  const loadFailed = error instanceof ModuleLoadError;
  return (
    <div data-testid="module-failure">
      <ErrorState
        title={loadFailed ? t('remotes.loadFailedTitle', { source }) : t('remotes.renderFailedTitle', { source })}
        message={loadFailed ? t('remotes.loadFailedMessage') : error.message}
        onRetry={onRetry}
      />
    </div>
  );
}
