import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  shortcutsInputSchema,
  shortcutsSchema,
} from '@crm/shared/schemas';
import { notFound } from '../../errors/app-error';
import { deviceName } from '../../lib/device-name';
import { requireUser } from '../../plugins/auth';
import { toUserDto } from '../../repositories/user-repository';
import { AVATAR_NAME, AVATAR_PREFIX } from '../../services/account-service';
import { readMultipart } from '../read-multipart';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['account'];

/** Served avatars can never run as a page (like editor uploads, decision 020). */
const SERVED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
};


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
      const me = requestActor(request);
      await app.accountService.updateProfile(me, request.body.name);
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
      const me = requestActor(request);
      const { file } = await readMultipart(request, {
        fileField: 'avatar',
        maxFileBytes: AVATAR_MAX_BYTES,
        missingMessage: 'Choose an image',
        tooLargeMessage: 'The image is larger than 5 MB',
      });
      await app.accountService.setAvatar(me, file!.buffer);
      return { userData: await userData(me.id) };
    },
  );

  app.delete(
    '/me/avatar',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Remove the avatar', security: bearerSecurity, response: { 200: profileAnswerSchema, ...protectedErrors } },
    },
    async (request) => {
      const me = requestActor(request);
      await app.accountService.removeAvatar(me);
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
      const revoked = await app.accountService.revokeOtherSessions(requestActor(request), requireUser(request).tokenId);
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
      await app.accountService.revokeSession(requestActor(request), request.params.id);
      return { message: 'The session was signed out.' };
    },
  );

  app.get(
    '/me/shortcuts',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'The pages pinned in the top bar, in order', security: bearerSecurity, response: { 200: shortcutsSchema, ...protectedErrors } },
    },
    async (request) => ({ pages: await app.accountService.shortcuts(requestActor(request), request.ability) }),
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
    async (request) => ({ pages: await app.accountService.saveShortcuts(requestActor(request), request.ability, request.body.pages) }),
  );
};
