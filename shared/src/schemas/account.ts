import { z } from 'zod';
import type { AbilityAction, AbilitySubject } from './ability-rule';
import { textSchema } from './text';
import { userSchema } from './user';

/** One signed-in session of the user (an access token that is neither revoked nor expired), decision 042. */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Windows", from the user agent; "Unknown device" without one. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session this request came from ("this device"). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ data: z.array(accountSessionSchema) });

export const revokedSessionsSchema = z.object({ message: z.string(), revoked: z.number().int() });

/**
 * Pages a user may pin as shortcuts: route names of the host (a host test checks each against the route table, with
 * the same ability). The server refuses other keys and keys the caller's abilities do not open.
 */
export const SHORTCUT_PAGES: readonly { key: string; action: AbilityAction; subject: AbilitySubject }[] = [
  { key: 'leads-list', action: 'view', subject: 'lead' },
  { key: 'leads-add', action: 'create', subject: 'lead' },
  { key: 'lead-status-list', action: 'view', subject: 'lead-status' },
  { key: 'document-list', action: 'view', subject: 'document' },
  { key: 'document-add', action: 'create', subject: 'document' },
  { key: 'document-category-list', action: 'view', subject: 'document-category' },
  { key: 'comment-step-list', action: 'view', subject: 'step' },
  { key: 'team', action: 'view', subject: 'team' },
  { key: 'apps-users', action: 'view', subject: 'users' },
  { key: 'apps-roles', action: 'view', subject: 'roles' },
  { key: 'apps-permissions', action: 'view', subject: 'permissions' },
  { key: 'white-ip-list', action: 'manage', subject: 'all' },
  { key: 'audit-log', action: 'view', subject: 'audit' },
];
export const SHORTCUTS_MAX = 12;

export const shortcutsSchema = z.object({ pages: z.array(z.string()) });
export type Shortcuts = z.infer<typeof shortcutsSchema>;

export const shortcutsInputSchema = z.object({
  pages: z
    .array(z.string({ error: 'Each page is a page key' }), { error: 'Give the list of pages' })
    .max(SHORTCUTS_MAX, `Pin at most ${SHORTCUTS_MAX} pages`)
    .refine((pages) => new Set(pages).size === pages.length, 'A page is pinned only once'),
});
export type ShortcutsInput = z.infer<typeof shortcutsInputSchema>;

/** PATCH /api/me/profile: the display name. */
export const profileInputSchema = z.object({
  name: textSchema({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileAnswerSchema = z.object({ userData: userSchema });

/** The largest avatar upload; the stored thumbnail is a 256 px WebP square. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
