import { api, getAccessToken } from '@crm/shared/api-client';
import { REMOTE_SCOPES, type RemoteName } from '@crm/shared/routes';

/** What the API keeps of a report's message (REMOTE_LOAD_ERROR_MESSAGE_MAX in @crm/shared/schemas, not imported: classic zod). */
const MESSAGE_MAX = 500;

const NAME_OF_SCOPE = new Map(Object.entries(REMOTE_SCOPES).map(([name, scope]) => [scope as string, name as RemoteName]));

/**
 * POST /api/remotes/{name}/load-errors: this page could not load the remote (the Модули page shows the latest). Sent
 * only while signed in (remote pages need a session anyway); a failed report is dropped, never retried or reported.
 */
export async function reportRemoteLoadError(scope: string, message: string, version: string | null): Promise<void> {
  const name = NAME_OF_SCOPE.get(scope);
  if (!name || !getAccessToken()) return;
  const text = message.trim() || 'Unknown load failure';
  try {
    await api.post(`/remotes/${name}/load-errors`, { message: text.slice(0, MESSAGE_MAX), ...(version ? { version: version.slice(0, 64) } : {}) });
  } catch {
    // Error reporting already has it; a report about a report is noise.
  }
}
