import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { AVATAR_SIZE, SHORTCUT_PAGES } from '@crm/shared/schemas';
import type { AppAbility } from '@crm/shared/abilities';
import type { Database } from '../db/client';
import { notFound, validationFailed } from '../errors/app-error';
import { createAuthRepository } from '../repositories/auth-repository';
import { createShortcutRepository } from '../repositories/shortcut-repository';
import { createUserRepository } from '../repositories/user-repository';
import type { FileStorage } from '../storage/file-storage';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

export const AVATAR_PREFIX = '/api/avatars/';
export const AVATAR_NAME = /^([0-9a-f]{32})\.webp$/;
/** What an avatar may be uploaded as (sniffed from the bytes, never the name or the declared type). */
const AVATAR_INPUT_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const AVATAR_NOT_IMAGE = 'Choose a PNG, JPEG, GIF or WebP image';
export const AVATAR_UNREADABLE = 'This image could not be read';
export const UNKNOWN_SHORTCUT = 'There is no such page';
export const FORBIDDEN_SHORTCUT = 'You cannot open this page';
export const SESSION_NOT_FOUND = 'Session not found';

/** Per-field errors for page keys that are unknown or that the user's abilities do not open. */
function shortcutErrors(ability: AppAbility | null, pages: string[]) {
  const errors: Record<string, string[]> = {};
  pages.forEach((key, index) => {
    const page = SHORTCUT_PAGES.find((p) => p.key === key);
    if (!page) errors[`pages.${index}`] = [UNKNOWN_SHORTCUT];
    else if (!ability?.can(page.action, page.subject)) errors[`pages.${index}`] = [FORBIDDEN_SHORTCUT];
  });
  return errors;
}

/** The storage key of an avatar URL this API gave out (other values, e.g. seeded URLs, have none). */
export function avatarKey(url: string | null): string | null {
  const match = url?.startsWith(AVATAR_PREFIX) ? AVATAR_NAME.exec(url.slice(AVATAR_PREFIX.length)) : null;
  return match ? match[1] : null;
}

/**
 * The signed-in user's own account (decision 042): name, avatar, sessions and shortcuts. Every use case acts on the
 * actor only, and each change is audited with them as its actor.
 */
export function createAccountService(
  run: RunUnitOfWork,
  { db, fileStorage, log }: { db: Database; fileStorage: FileStorage; log: FastifyBaseLogger },
) {
  const removeStored = async (url: string | null) => {
    const key = avatarKey(url);
    if (key) await fileStorage.delete(key);
  };

  return {
    async updateProfile(actor: UserActor, name: string): Promise<void> {
      await run(actor, async (uow) => {
        await createUserRepository(uow.tx).updateOwnName(actor.id, name);
        await uow.audit({ action: 'user.profile_updated', subjectType: 'user', subjectId: actor.id, after: { name } });
      });
    },

    /** Any PNG, JPEG, GIF or WebP becomes a centred square WebP thumbnail; the one it replaces is removed. */
    async setAvatar(actor: UserActor, image: Buffer): Promise<void> {
      const sniffed = await fileTypeFromBuffer(image);
      if (!sniffed || !AVATAR_INPUT_TYPES.has(sniffed.mime)) throw validationFailed({ avatar: [AVATAR_NOT_IMAGE] });
      let thumbnail: Buffer;
      try {
        thumbnail = await sharp(image, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (error) {
        log.info({ err: error }, 'Avatar did not decode');
        throw validationFailed({ avatar: [AVATAR_UNREADABLE] });
      }
      const key = randomBytes(16).toString('hex');
      await fileStorage.put(key, Readable.from(thumbnail));
      try {
        await run(actor, async (uow) => {
          const previous = await createUserRepository(uow.tx).setAvatar(actor.id, `${AVATAR_PREFIX}${key}.webp`);
          await uow.audit({ action: 'user.avatar_changed', subjectType: 'user', subjectId: actor.id });
          uow.afterCommit(() => removeStored(previous));
        });
      } catch (error) {
        await fileStorage.delete(key);
        throw error;
      }
    },

    async removeAvatar(actor: UserActor): Promise<void> {
      await run(actor, async (uow) => {
        const previous = await createUserRepository(uow.tx).setAvatar(actor.id, null);
        uow.afterCommit(() => removeStored(previous));
      });
    },

    /** Sign out everywhere else: every session of the actor but `currentTokenId` ends. */
    async revokeOtherSessions(actor: UserActor, currentTokenId: number): Promise<number> {
      return run(actor, async (uow) => {
        const revoked = await createAuthRepository(uow.tx).revokeOtherAccessTokens(actor.id, currentTokenId);
        await uow.audit({ action: 'auth.sessions_revoked', subjectType: 'user', subjectId: actor.id, after: { revoked } });
        return revoked;
      });
    },

    async revokeSession(actor: UserActor, sessionId: number): Promise<void> {
      await run(actor, async (uow) => {
        if (!(await createAuthRepository(uow.tx).revokeSession(actor.id, sessionId))) throw notFound(SESSION_NOT_FOUND);
        await uow.audit({ action: 'auth.session_revoked', subjectType: 'user', subjectId: actor.id, after: { session: sessionId } });
      });
    },

    /** Pages the role no longer opens drop out of the answer (they stay stored if the ability comes back). */
    async shortcuts(actor: UserActor, ability: AppAbility | null): Promise<string[]> {
      const pages = await createShortcutRepository(db).pagesOf(actor.id);
      return pages.filter((key) => Object.keys(shortcutErrors(ability, [key])).length === 0);
    },

    async saveShortcuts(actor: UserActor, ability: AppAbility | null, pages: string[]): Promise<string[]> {
      const errors = shortcutErrors(ability, pages);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      await run(actor, (uow) => createShortcutRepository(uow.tx).save(actor.id, pages));
      return pages;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
