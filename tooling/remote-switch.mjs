// `pnpm remote:switch leads <manifest-url>` and `pnpm remote:switch leads --rollback` (docs/decisions/058): a feature
// team's pipeline points the remote registry (docs/decisions/052) at a release, or back at the previous one, through
// the API of the CRM at CRM_URL. Signed in with CRM_TOKEN (a bearer token), or CRM_EMAIL and CRM_PASSWORD (signed in
// for this call only, and signed out after). The API checks the manifest first: a refusal is printed and exits 1.
import { pathToFileURL } from 'node:url';

export const REMOTES = ['leads', 'documents', 'admin'];

export const USAGE = `Usage: pnpm remote:switch <${REMOTES.join('|')}> <manifest-url>
       pnpm remote:switch <${REMOTES.join('|')}> --rollback

Environment:
  CRM_URL                   the CRM, e.g. https://crm.example.com
  CRM_TOKEN                 a bearer token of a user holding "manage remotes" (e.g. from POST /api/auth/login)
  CRM_EMAIL, CRM_PASSWORD   or that user's credentials, used instead when CRM_TOKEN is unset`;

class UsageError extends Error {}

export function parseSwitchArgs(argv) {
  const args = argv.filter((arg) => arg !== '--');
  const rollback = args.includes('--rollback');
  const positional = args.filter((arg) => arg !== '--rollback');
  const unknown = positional.find((arg) => arg.startsWith('--'));
  if (unknown) throw new UsageError(`Unknown option ${unknown}.`);
  const [remote, entry, ...extra] = positional;
  if (!REMOTES.includes(remote)) throw new UsageError(`Unknown remote ${remote ?? '(none)'}: use one of ${REMOTES.join(', ')}.`);
  if (rollback && entry !== undefined) throw new UsageError('--rollback takes no manifest URL: it goes back to the previous entry.');
  if (!rollback && entry === undefined) throw new UsageError('Give the manifest URL to switch to, or --rollback.');
  if (extra.length > 0) throw new UsageError(`Unexpected ${extra.join(' ')}.`);
  return { remote, entry, rollback };
}

function apiBase(env) {
  if (!env.CRM_URL) throw new UsageError('CRM_URL is not set: the CRM whose registry to change, e.g. https://crm.example.com');
  let url;
  try {
    url = new URL(env.CRM_URL);
  } catch {
    throw new UsageError(`CRM_URL ${env.CRM_URL} is not a URL.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api`;
}

/** The API's JSON answer, or its text when it is not JSON. */
async function answerOf(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 300) };
  }
}

/** One line per field error of a 422 (`errors.entry`), else the message. */
const reasonOf = (body) => {
  const fields = Object.values(body?.errors ?? {}).flat();
  return fields.length > 0 ? fields.join('; ') : (body?.message ?? 'no reason given');
};

const describe = (remote) =>
  `${remote.name} is now ${remote.version ?? '(no version)'}${remote.commit ? ` (commit ${remote.commit.slice(0, 7)})` : ''}` +
  `${remote.shared_range ? `, needs @crm/shared ${remote.shared_range}` : ''}\n  entry: ${remote.entry}`;

/**
 * Runs the command; answers the exit code. 0 switched (or rolled back), 1 refused or failed (the reason printed),
 * 2 a usage or configuration mistake.
 */
export async function remoteSwitch(argv, env, { out = console.log, err = console.error } = {}) {
  let options;
  let base;
  try {
    options = parseSwitchArgs(argv);
    base = apiBase(env);
    if (!env.CRM_TOKEN && !(env.CRM_EMAIL && env.CRM_PASSWORD)) {
      throw new UsageError('Set CRM_TOKEN (a bearer token), or CRM_EMAIL and CRM_PASSWORD, of a user holding "manage remotes".');
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`remote:switch: ${error.message}\n\n${USAGE}`);
    return 2;
  }

  const request = (method, path, token, body) =>
    fetch(`${base}${path}`, {
      method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  let token = env.CRM_TOKEN;
  let signedIn = false;
  try {
    if (!token) {
      const login = await request('POST', '/auth/login', undefined, { email: env.CRM_EMAIL, password: env.CRM_PASSWORD });
      const body = await answerOf(login);
      if (!login.ok || !body.accessToken) {
        err(`remote:switch: signing in as ${env.CRM_EMAIL} failed (${login.status}): ${reasonOf(body)}`);
        return 1;
      }
      token = body.accessToken;
      signedIn = true;
    }
    const { remote, entry, rollback } = options;
    const response = rollback
      ? await request('POST', `/remotes/${remote}/rollback`, token)
      : await request('PUT', `/remotes/${remote}`, token, { entry });
    const body = await answerOf(response);
    if (response.ok) {
      out(`${rollback ? 'Rolled back' : 'Switched'}: ${describe(body.data)}`);
      for (const warning of body.meta?.warnings ?? []) out(`  warning: ${warning}`);
      out('  Open pages are told a new version is available; the next page load gets it.');
      return 0;
    }
    if (response.status === 422) err(`remote:switch: refused, ${remote} was not switched: ${reasonOf(body)}`);
    else if (response.status === 409) err(`remote:switch: nothing to roll back to: ${remote} is at its first entry (${reasonOf(body)})`);
    else if (response.status === 401) err(`remote:switch: the token was not accepted (401): sign in again for a fresh one. ${reasonOf(body)}`);
    else if (response.status === 403) err(`remote:switch: forbidden (403): the user needs the "manage remotes" ability. ${reasonOf(body)}`);
    else err(`remote:switch: the API answered ${response.status}: ${reasonOf(body)}`);
    return 1;
  } catch (error) {
    err(`remote:switch: could not reach ${base}: ${error.cause?.message ?? error.message}`);
    return 1;
  } finally {
    // A session opened for this one call is closed again.
    if (signedIn) await request('POST', '/auth/logout', token).catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await remoteSwitch(process.argv.slice(2), process.env);
}
