import { AbilityProvider } from '@crm/shared/abilities/react';
import { ApiError, fetcher, useRulesRefresh, useSession } from '@crm/shared/api-client';
import { RealtimeProvider } from '@crm/shared/realtime';
import { ConfirmProvider, ToastProvider, UiLanguageProvider } from '@crm/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { PreferencesProvider } from '../features/layout/components/preferences-provider';
import { LANGUAGES } from './i18n';

const swrConfig: SWRConfiguration = {
  fetcher,
  // A 4xx will answer the same on a retry; only server and network failures are worth retrying.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};

/**
 * The ability from the stored rules, rebuilt when the session changes (sign-in, sign-out, 401, another tab, or a role
 * change the rules refresh brings in).
 */
function SessionAbilityProvider({ children }: { children: ReactNode }) {
  const { rules, isLoggedIn } = useSession();
  useRulesRefresh(isLoggedIn);
  return <AbilityProvider rules={rules}>{children}</AbilityProvider>;
}

/** The shared kit speaks the shell's language on host pages; remote pages set Russian for themselves (RemotePage). */
function ShellUiLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <UiLanguageProvider lng={i18n.language}>{children}</UiLanguageProvider>;
}

export interface AppProvidersProps {
  children: ReactNode;
}

/** Everything pages, host and remote alike, expect above them. */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <PreferencesProvider languages={LANGUAGES}>
      <ShellUiLanguage>
      <SWRConfig value={swrConfig}>
        <SessionAbilityProvider>
          {/* The page's one realtime connection: remotes reach it through @crm/shared/realtime (a shared singleton). */}
          <RealtimeProvider>
            <ToastProvider>
              <ConfirmProvider>{children}</ConfirmProvider>
            </ToastProvider>
          </RealtimeProvider>
        </SessionAbilityProvider>
      </SWRConfig>
      </ShellUiLanguage>
    </PreferencesProvider>
  );
}
