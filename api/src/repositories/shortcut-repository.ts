import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userShortcuts } from '../db/schema/user-shortcuts';

/** The pages each user pinned to the top bar (decision 041). */
export function createShortcutRepository(db: Database) {
  return {
    async pagesOf(userId: number): Promise<string[]> {
      const [row] = await db.select({ pages: userShortcuts.pages }).from(userShortcuts).where(eq(userShortcuts.userId, userId));
      return row?.pages ?? [];
    },

    async save(userId: number, pages: string[]): Promise<void> {
      await db
        .insert(userShortcuts)
        .values({ userId, pages })
        .onConflictDoUpdate({ target: userShortcuts.userId, set: { pages, updatedAt: new Date() } });
    },
  };
}

export type ShortcutRepository = ReturnType<typeof createShortcutRepository>;
