import type { Remote } from '@crm/shared/schemas';
import { uiText } from '@crm/shared/ui';

/** The areas as the navigation names them. */
export const REMOTE_LABELS: Record<string, string> = {
  leads: 'Лиды',
  documents: 'Документы',
  admin: 'Администрирование',
};

export const remoteLabel = (name: string) => REMOTE_LABELS[name] ?? name;

/**
 * Where a remote loads from, in a word: the host of its manifest URL, "встроенный" for the build bundled with this
 * server (/build/remotes/…), "этот сервер" for another path on it.
 */
export function remoteOrigin(entry: string): string {
  if (entry.startsWith('/build/remotes/')) return 'встроенный';
  if (entry.startsWith('/')) return 'этот сервер';
  try {
    return new URL(entry).host;
  } catch {
    return entry;
  }
}

/** A commit as people quote it: its first seven characters. */
export const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 7) : null);

/** "Ошибок за сутки: 3" with the right plural; the server keeps only the newest reports, so this has a ceiling. */
export function errorCountText(count: number): string {
  return `${uiText('ru')('counts.loadErrors', { count })} за сутки`;
}

/** Who switched it, or that it is what the server was started with. */
export function switchedByText(remote: Remote): string {
  if (remote.source === 'config' || !remote.switched_by) return 'из настроек сервера при запуске';
  return remote.switched_by.name || remote.switched_by.email;
}
