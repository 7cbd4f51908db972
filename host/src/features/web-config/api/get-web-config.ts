import { useEffect, useState } from 'react';

/** Run-time settings of the front end, answered by the server from its environment (I18N_ENABLED…). */
export const WEB_CONFIG_URL = '/build/web-config.json';

export interface WebConfig {
  i18nEnabled: boolean;
  /** The shell's language for whoever has not chosen one (DEFAULT_LANGUAGE, docs/decisions/067). */
  defaultLanguage: string;
}

/** What the shell does until (or unless) the server answers: internationalisation off, as the spec wants by default. */
export const DEFAULT_WEB_CONFIG: WebConfig = { i18nEnabled: false, defaultLanguage: 'en' };

/** A static file beside the host build like remotes.json, so not through the API client (rooted at /api). */
export async function getWebConfig(): Promise<WebConfig> {
  const response = await fetch(WEB_CONFIG_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${WEB_CONFIG_URL} answered ${response.status}`);
  // Checked by hand rather than with zod: this runs before the first paint, and zod stays out of the first load.
  const body: unknown = await response.json();
  const i18nEnabled = (body as Partial<WebConfig> | null)?.i18nEnabled;
  if (typeof i18nEnabled !== 'boolean') throw new Error(`${WEB_CONFIG_URL} has no i18nEnabled flag`);
  const defaultLanguage = (body as Partial<WebConfig>).defaultLanguage;
  return { i18nEnabled, defaultLanguage: typeof defaultLanguage === 'string' ? defaultLanguage : DEFAULT_WEB_CONFIG.defaultLanguage };
}

/** The settings, the defaults until the answer arrives or when it fails (a missing setting never breaks the shell). */
export function useWebConfig(): WebConfig {
  const [config, setConfig] = useState(DEFAULT_WEB_CONFIG);
  useEffect(() => {
    let live = true;
    getWebConfig().then(
      (answer) => {
        // The usual answer is the default: keep the same object so the top bar does not render again for nothing.
        if (live) setConfig((current) => (current.i18nEnabled === answer.i18nEnabled && current.defaultLanguage === answer.defaultLanguage ? current : answer));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
