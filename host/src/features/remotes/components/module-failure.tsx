import { ErrorState } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { ModuleLoadError } from '../utils/module-load-error';
import { RemoteIncompatibleError } from '../utils/remote-incompatible-error';

export interface ModuleFailureProps {
  source: string;
  error: Error;
  onRetry: () => void;
}

export function ModuleFailure({ source, error, onRetry }: ModuleFailureProps) {
  const { t } = useTranslation();
  if (error instanceof RemoteIncompatibleError) {
    // Names both sides and who can fix it: the remote's team rebuilds for this shared, or the host is deployed first.
    return (
      <div data-testid="module-failure">
        <ErrorState
          title={t('remotes.incompatibleTitle', { source })}
          message={t('remotes.incompatibleMessage', {
            source,
            version: error.remoteVersion,
            commit: error.remoteCommit.slice(0, 12),
            required: error.sharedRequired,
            provided: error.sharedProvided,
          })}
          onRetry={onRetry}
        />
      </div>
    );
  }
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
