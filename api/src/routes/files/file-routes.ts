import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { verifyFileUrl } from '../../storage/signed-url';

/** Shown in the app itself: images and PDF. Everything else is a download. */
export const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);
/** Types a browser would run as a page; never sent under their own type, whatever was sniffed. */
const ACTIVE_TYPES = /^(?:text\/|image\/svg|application\/(?:xhtml|xml|javascript|ecmascript|x-shockwave)|.*\+xml$)/;

/** `attachment; filename="ascii"; filename*=UTF-8''…` so every browser keeps the display name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const paramsSchema = z.object({ key: z.string().max(100), name: z.string().max(1000) });
const querySchema = z.object({
  type: z.string().max(200).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/**
 * The bytes behind a signed, expiring file URL (docs/decisions/019): no bearer header needed, so they work in <img>,
 * <iframe> and a download link. Images and PDF inline; everything else an attachment, active types as opaque bytes.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:key/:name',
    {
      schema: {
        tags: ['documents'],
        summary: 'A stored document file or thumbnail, by the signed URL the document answers',
        params: paramsSchema,
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const { key, name } = request.params;
      const verified = verifyFileUrl(app.fileUrlSecret, key, name, request.query);
      if (!verified.ok) {
        throw new AppError('FORBIDDEN', verified.reason === 'expired' ? 'Срок действия ссылки на файл истёк.' : 'Ссылка на файл недействительна.');
      }
      const { mime, expires } = verified.file;
      const body = await app.fileStorage.get(key);
      const inline = INLINE_TYPES.has(mime);
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', ACTIVE_TYPES.test(mime) ? 'application/octet-stream' : mime)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
        .header('x-content-type-options', 'nosniff')
        // The app's own pages frame PDFs (preview dialog); nothing in a file may run. Chrome refuses to show a PDF in a
        // sandboxed document, so PDF alone goes without `sandbox` — it still runs no script of the page's origin.
        .header(
          'content-security-policy',
          mime === 'application/pdf' ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; sandbox; frame-ancestors 'self'",
        )
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', `private, max-age=${maxAge}`);
      return reply.send(body);
    },
  );
};
