import { useEffect, useState } from 'react';

/** Run-time settings of the front end, answered by the server from its environment (I18N_ENABLED…). */
export const WEB_CONFIG_URL = '/build/web-config.json';

export interface WebConfig {
  i18nEnabled: boolean;
  /** The shell's language for whoever has not chosen one (DEFAULT_LANGUAGE, docs/decisions/067). */
  defaultLanguage: string;
  /** Single sign-on's button name (OIDC_NAME or the issuer's host), or null without a provider (decision 073). */
  sso: { name: string } | null;
  /** False with PASSWORD_SIGN_IN=false: the login page leads with single sign-on. */
  passwordSignIn: boolean;
}

/** What the shell does until (or unless) the server answers: internationalisation off, as the spec wants by default. */
export const DEFAULT_WEB_CONFIG: WebConfig = { i18nEnabled: false, defaultLanguage: 'en', sso: null, passwordSignIn: true };

/**
 * The API writes the same settings into the host page (api/src/plugins/web.ts), so the shell has them before it renders
 * without waiting on a request (docs/decisions/081).
 */
export const INLINE_WEB_CONFIG_ID = 'web-config';

/** The settings out of an answer or the inlined block, checked by hand: zod stays out of the first load here. */
function readWebConfig(body: unknown, source: string): WebConfig {
  const i18nEnabled = (body as Partial<WebConfig> | null)?.i18nEnabled;
  if (typeof i18nEnabled !== 'boolean') throw new Error(`${source} has no i18nEnabled flag`);
  const { defaultLanguage, sso, passwordSignIn } = body as Partial<WebConfig>;
  return {
    i18nEnabled,
    defaultLanguage: typeof defaultLanguage === 'string' ? defaultLanguage : DEFAULT_WEB_CONFIG.defaultLanguage,
    sso: typeof sso?.name === 'string' ? { name: sso.name } : null,
    passwordSignIn: passwordSignIn !== false,
  };
}

/** The settings the page was served with, or null when it has none (the dev server) or they do not read. */
export function inlineWebConfig(): WebConfig | null {
  const text = document.getElementById(INLINE_WEB_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return readWebConfig(JSON.parse(text), `#${INLINE_WEB_CONFIG_ID}`);
  } catch {
    return null;
  }
}

/**
 * The settings inlined in the page if there are some, else /build/web-config.json: a static file beside the host build
 * like remotes.json, so not through the API client (rooted at /api).
 */
export async function getWebConfig(): Promise<WebConfig> {
  const inline = inlineWebConfig();
  if (inline) return inline;
  const response = await fetch(WEB_CONFIG_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${WEB_CONFIG_URL} answered ${response.status}`);
  return readWebConfig(await response.json(), WEB_CONFIG_URL);
}

const sameConfig = (a: WebConfig, b: WebConfig) =>
  a.i18nEnabled === b.i18nEnabled && a.defaultLanguage === b.defaultLanguage && a.sso?.name === b.sso?.name && a.passwordSignIn === b.passwordSignIn;

/** The settings, the defaults until the answer arrives or when it fails (a missing setting never breaks the shell). */
export function useWebConfig(): WebConfig {
  const answer = useWebConfigAnswer();
  const [config, setConfig] = useState(() => answer ?? DEFAULT_WEB_CONFIG);
  useEffect(() => {
    // The usual answer is the default: keep the same object so the top bar does not render again for nothing.
    if (answer) setConfig((current) => (sameConfig(current, answer) ? current : answer));
  }, [answer]);
  return config;
}

/** The server's answer, undefined until it arrives (the defaults if it fails): for a page that must not guess. */
export function useWebConfigAnswer(): WebConfig | undefined {
  // Inlined in the page: known from the first render, no request.
  const [answer, setAnswer] = useState<WebConfig | undefined>(() => inlineWebConfig() ?? undefined);
  const known = answer !== undefined;
  useEffect(() => {
    if (known) return;
    let live = true;
    getWebConfig().then(
      (config) => live && setAnswer(config),
      () => live && setAnswer(DEFAULT_WEB_CONFIG),
    );
    return () => {
      live = false;
    };
  }, [known]);
  return answer;
}
