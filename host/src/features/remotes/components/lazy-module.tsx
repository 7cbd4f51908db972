import { UiLanguageProvider } from '@crm/shared/ui';
import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { forgetLazyPage, lazyPage } from '../utils/lazy-page-cache';
import { ModuleErrorBoundary } from './module-error-boundary';
import { PageLoading } from './page-loading';

export interface LazyModuleProps {
  /** Identifies the page, e.g. `remote_leads/leads-list-page`; one download per id. */
  id: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Named in the error, e.g. `remote_leads` or `host`. */
  source: string;
  /** Clears whatever else cached the failure (the federation runtime) before the next attempt. */
  onRetry?: () => void;
  /**
   * The language of the shared kit inside the loaded page: the lead, document and admin screens are Russian whatever
   * the shell's language. The loading and failure states around it stay in the shell's language.
   */
  language?: string;
}

/** Loads a page on demand, shows a spinner meanwhile and an inline error with Retry if it fails. */
export function LazyModule({ id, load, source, onRetry, language }: LazyModuleProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(id, load);
  const forget = useCallback(() => forgetLazyPage(id), [id]);
  const retry = useCallback(() => {
    onRetry?.();
    setAttempt((n) => n + 1);
  }, [onRetry]);

  return (
    <ModuleErrorBoundary key={attempt} source={source} moduleId={id} onLoadError={forget} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        {language ? (
          <UiLanguageProvider lng={language}>
            <Page />
          </UiLanguageProvider>
        ) : (
          <Page />
        )}
      </Suspense>
    </ModuleErrorBoundary>
  );
}
