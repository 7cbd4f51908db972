import { z } from 'zod';
import { textSchema } from './text';
import { SHORTCUTS_MAX } from './mini/shortcuts';
import { userSchema } from './mini/user';

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

// SHORTCUT_PAGES and the answer's shortcutsSchema: ./mini/shortcuts.ts.
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

/** A team by id and name, as a user's profile and the users page list them. */
export const teamRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeamRef = z.infer<typeof teamRefSchema>;

/** GET /api/me/profile: the signed-in user with their teams. */
export const profileWithTeamsSchema = profileAnswerSchema.extend({ teams: z.array(teamRefSchema) });
export type ProfileWithTeams = z.infer<typeof profileWithTeamsSchema>;

/** The largest avatar upload; the stored thumbnail is a 256 px WebP square. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
