import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import {
  accountSessionsSchema,
  apiErrorSchema,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  idParamSchema,
  messageSchema,
  profileAnswerSchema,
  profileInputSchema,
  profileWithTeamsSchema,
  revokedSessionsSchema,
  SHORTCUT_PAGES,
  shortcutsInputSchema,
  shortcutsSchema,
} from '@crm/shared/schemas';
import { eq } from 'drizzle-orm';
import { userShortcuts } from '../../db/schema/user-shortcuts';
import { notFound, validationFailed } from '../../errors/app-error';
import { deviceName } from '../../lib/device-name';
import { requireUser } from '../../plugins/auth';
import { toUserDto } from '../../repositories/user-repository';
import { readMultipart } from '../read-multipart';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['account'];
export const AVATAR_PREFIX = '/api/avatars/';
const AVATAR_NAME = /^([0-9a-f]{32})\.webp$/;
/** What an avatar may be uploaded as (sniffed from the bytes, never the name or the declared type). */
const AVATAR_INPUT_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const AVATAR_NOT_IMAGE = 'Choose a PNG, JPEG, GIF or WebP image';
export const AVATAR_UNREADABLE = 'This image could not be read';
export const UNKNOWN_SHORTCUT = 'There is no such page';
export const FORBIDDEN_SHORTCUT = 'You cannot open this page';
export const SESSION_NOT_FOUND = 'Session not found';

/** Served avatars can never run as a page (like editor uploads, decision 020). */
const SERVED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
};

/** Per-field errors for page keys that are unknown or that the user's abilities do not open. */
function shortcutErrors(can: (action: string, subject: string) => boolean, pages: string[]) {
  const errors: Record<string, string[]> = {};
  pages.forEach((key, index) => {
    const page = SHORTCUT_PAGES.find((p) => p.key === key);
    if (!page) errors[`pages.${index}`] = [UNKNOWN_SHORTCUT];
    else if (!can(page.action, page.subject)) errors[`pages.${index}`] = [FORBIDDEN_SHORTCUT];
  });
  return errors;
}

/**
 * The signed-in user's own account (decision 042): profile name and avatar, live sessions, shortcuts (decision 041).
 * Every route acts on the caller only: no id of another user is accepted anywhere.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const userData = async (id: number) => {
    const user = await app.userRepository.findById(id);
    if (!user) throw notFound('User not found');
    return toUserDto(user);
  };

  app.get(
    '/me/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user with their teams',
        security: bearerSecurity,
        response: { 200: profileWithTeamsSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      return { userData: await userData(me.id), teams: await app.userRepository.teamsOf(me.id) };
    },
  );

  app.patch(
    '/me/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change the display name',
        security: bearerSecurity,
        body: profileInputSchema,
        response: { 200: profileAnswerSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await app.userRepository.updateOwnName(me.id, request.body.name);
      await app.audit.record(request, { action: 'user.profile_updated', actor: { id: me.id, email: me.email }, subjectType: 'user', subjectId: me.id, after: { name: request.body.name } });
      return { userData: await userData(me.id) };
    },
  );

  app.post(
    '/me/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field `avatar`: PNG, JPEG, GIF or WebP, at most 5 MB)',
        description: `The image is sniffed from its bytes, cropped to a centred square and stored as a ${AVATAR_SIZE} px WebP.`,
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: profileAnswerSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { file } = await readMultipart(request, {
        fileField: 'avatar',
        maxFileBytes: AVATAR_MAX_BYTES,
        missingMessage: 'Choose an image',
        tooLargeMessage: 'The image is larger than 5 MB',
      });
      const sniffed = await fileTypeFromBuffer(file!.buffer);
      if (!sniffed || !AVATAR_INPUT_TYPES.has(sniffed.mime)) throw validationFailed({ avatar: [AVATAR_NOT_IMAGE] });
      let thumbnail: Buffer;
      try {
        thumbnail = await sharp(file!.buffer, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (error) {
        request.log.info({ err: error }, 'Avatar did not decode');
        throw validationFailed({ avatar: [AVATAR_UNREADABLE] });
      }
      const key = randomBytes(16).toString('hex');
      await app.fileStorage.put(key, Readable.from(thumbnail));
      const previous = await app.userRepository.setAvatar(me.id, `${AVATAR_PREFIX}${key}.webp`);
      await removeAvatar(previous);
      await app.audit.record(request, { action: 'user.avatar_changed', actor: { id: me.id, email: me.email }, subjectType: 'user', subjectId: me.id });
      return { userData: await userData(me.id) };
    },
  );

  /** Removes the stored bytes of an avatar URL this API gave out (other values, e.g. seeded URLs, are left alone). */
  async function removeAvatar(url: string | null) {
    const match = url?.startsWith(AVATAR_PREFIX) ? AVATAR_NAME.exec(url.slice(AVATAR_PREFIX.length)) : null;
    if (match) await app.fileStorage.delete(match[1]);
  }

  app.delete(
    '/me/avatar',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Remove the avatar', security: bearerSecurity, response: { 200: profileAnswerSchema, ...protectedErrors } },
    },
    async (request) => {
      const me = requireUser(request);
      await removeAvatar(await app.userRepository.setAvatar(me.id, null));
      return { userData: await userData(me.id) };
    },
  );

  // Public on purpose: <img> cannot send the bearer token. The names are 128-bit random, and only a name some user's
  // avatar holds right now is served, so no other stored file can be reached through this route.
  app.get(
    '/avatars/:name',
    {
      schema: {
        tags,
        summary: 'An avatar thumbnail (WebP)',
        params: z.object({ name: z.string().max(100) }),
        produces: ['image/webp'],
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const match = AVATAR_NAME.exec(name);
      if (!match || !(await app.userRepository.avatarInUse(`${AVATAR_PREFIX}${name}`))) throw notFound('Avatar not found');
      const body = await app.fileStorage.get(match[1]);
      return reply.headers(SERVED_HEADERS).type('image/webp').send(body);
    },
  );

  app.get(
    '/me/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's live sessions: device, address, created, last used, and which is this one",
        security: bearerSecurity,
        response: { 200: accountSessionsSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const rows = await app.authRepository.listSessions(me.id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          device: deviceName(row.userAgent),
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt?.toISOString() ?? null,
          current: row.id === me.tokenId,
        })),
      };
    },
  );

  app.post(
    '/me/sessions/revoke-others',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out everywhere else: every session but this one ends',
        security: bearerSecurity,
        response: { 200: revokedSessionsSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const revoked = await app.authRepository.revokeOtherAccessTokens(me.id, me.tokenId);
      await app.audit.record(request, { action: 'auth.sessions_revoked', actor: { id: me.id, email: me.email }, subjectType: 'user', subjectId: me.id, after: { revoked } });
      return { message: 'Your other sessions were signed out.', revoked };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'End one of your sessions (404 for a session that is not yours or already ended)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (!(await app.authRepository.revokeSession(me.id, request.params.id))) throw notFound(SESSION_NOT_FOUND);
      await app.audit.record(request, { action: 'auth.session_revoked', actor: { id: me.id, email: me.email }, subjectType: 'user', subjectId: me.id, after: { session: request.params.id } });
      return { message: 'The session was signed out.' };
    },
  );

  app.get(
    '/me/shortcuts',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'The pages pinned in the top bar, in order', security: bearerSecurity, response: { 200: shortcutsSchema, ...protectedErrors } },
    },
    async (request) => {
      const me = requireUser(request);
      const [row] = await app.db.select({ pages: userShortcuts.pages }).from(userShortcuts).where(eq(userShortcuts.userId, me.id));
      // Pages the role no longer opens drop out of the answer (they stay stored if the ability comes back).
      const can = (action: string, subject: string) => request.ability?.can(action as never, subject as never) ?? false;
      return { pages: (row?.pages ?? []).filter((key) => Object.keys(shortcutErrors(can, [key])).length === 0) };
    },
  );

  app.put(
    '/me/shortcuts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Replace the pinned pages (keys of pages the user may open, at most 12)',
        security: bearerSecurity,
        body: shortcutsInputSchema,
        response: { 200: shortcutsSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { pages } = request.body;
      const can = (action: string, subject: string) => request.ability?.can(action as never, subject as never) ?? false;
      const errors = shortcutErrors(can, pages);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      await app.db
        .insert(userShortcuts)
        .values({ userId: me.id, pages })
        .onConflictDoUpdate({ target: userShortcuts.userId, set: { pages, updatedAt: new Date() } });
      return { pages };
    },
  );
};
