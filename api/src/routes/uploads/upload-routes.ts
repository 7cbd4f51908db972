import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AbilityAction, type AbilitySubject, apiErrorSchema, uploadResultSchema } from '@crm/shared/schemas';
import { notFound, validationFailed } from '../../errors/app-error';
import { IMAGE_TYPES, type ImageType, sniffImage } from '../../lib/image-type';
import { readMultipart } from '../read-multipart';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOADS_PREFIX = '/api/uploads/';

export const UPLOAD_ABILITIES: [AbilityAction, AbilitySubject][] = [
  ['create', 'lead'],
  ['edit', 'lead'],
  ['edit', 'document'],
];

/** Only names this API generates: 32 hex characters (the storage key) and a sniffed extension. */
export const STORED_NAME = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

/** Where editor images lived before they moved behind the file storage; still read there (storage:migrate copies them). */
export const LEGACY_UPLOADS_FOLDER = 'uploads';

/** Served images can never run as a page: no sniffing into HTML, no scripts, a sandbox if opened directly. */
const SERVED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
};

/** Editor images (the spec's POST /upload): in the file storage (disk or bucket) under a random key. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const legacyFolder = path.join(app.config.dataDir, LEGACY_UPLOADS_FOLDER);

  app.post(
    '/upload',
    {
      // The forms whose editor inserts images: a lead's (create or edit) and a document's (edit).
      onRequest: app.authorizeAny(UPLOAD_ABILITIES),
      schema: {
        tags: ['uploads'],
        summary: 'Store an image (multipart field `image`: PNG, JPEG, GIF or WebP, at most 5 MB) and answer its url',
        description: 'Needs one of: create lead, edit lead, edit document.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: uploadResultSchema, 413: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const { file } = await readMultipart(request, {
        fileField: 'image',
        maxFileBytes: MAX_IMAGE_BYTES,
        missingMessage: 'Выберите изображение',
        tooLargeMessage: 'Изображение больше 5 МБ',
      });
      const type = sniffImage(file!.buffer);
      if (!type) throw validationFailed({ image: ['Можно загрузить только изображение PNG, JPEG, GIF или WebP'] });
      const key = randomBytes(16).toString('hex');
      await app.fileStorage.put(key, Readable.from([file!.buffer]));
      return { url: `${UPLOADS_PREFIX}${key}.${type.extension}` };
    },
  );

  // Public on purpose: <img> tags cannot send the bearer token. The names are 128-bit random, so unguessable.
  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image, with its sniffed content type',
        params: z.object({ name: z.string() }),
        // No response schema: the body is the image file, streamed.
        produces: Object.values(IMAGE_TYPES).map((t) => t.contentType),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const match = STORED_NAME.exec(name);
      if (!match) throw notFound('Файл не найден');
      const type: ImageType = IMAGE_TYPES[match[2] as ImageType['extension']];
      const body = await app.fileStorage.get(match[1]).catch(async (error: unknown) => {
        // Images uploaded before they moved into the file storage stay where they were written.
        const legacy = path.join(legacyFolder, name);
        if ((await stat(legacy).catch(() => undefined))?.isFile()) return createReadStream(legacy) as Readable;
        throw error;
      });
      return reply.headers(SERVED_HEADERS).type(type.contentType).send(body);
    },
  );
};
