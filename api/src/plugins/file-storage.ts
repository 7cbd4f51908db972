import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from '../storage/file-storage';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { createS3Storage } from '../storage/s3-storage';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
    /** Key of the signed file URLs (FILE_URL_SECRET, or the one kept under DATA_DIR). */
    fileUrlSecret: string;
  }
}

/** Where GET /api/files/{key} answers. */
export const FILES_PREFIX = '/api/files/';

/** FILE_URL_SECRET, or a random one generated on the first start and kept (owner-only) under DATA_DIR. */
async function fileUrlSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'file-url-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // `wx`: of two instances starting together on one DATA_DIR, the second reads the first's secret.
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return (await readFile(file, 'utf8')).trim();
  }
}

/**
 * Document files on the local disk under DATA_DIR/files (docs/decisions/019), or in an S3 bucket with FILE_STORAGE=s3
 * (docs/decisions/053). Either way they are served by this API behind its signed URLs.
 */
async function fileStoragePlugin(app: FastifyInstance) {
  const { config } = app;
  const secret = await fileUrlSecret(config.dataDir, config.files.urlSecret);
  const common = { secret, ttlSeconds: config.files.urlTtlMinutes * 60, urlPrefix: FILES_PREFIX };
  app.decorate('fileUrlSecret', secret);
  if (config.files.driver === 's3' && config.files.s3) {
    const storage = createS3Storage({ ...config.files.s3, ...common });
    app.addHook('onClose', () => storage.client.destroy());
    app.decorate('fileStorage', storage);
    return;
  }
  app.decorate('fileStorage', createLocalDiskStorage({ folder: path.join(config.dataDir, 'files'), ...common }));
}

export const fileStorage = fp(fileStoragePlugin, { name: 'file-storage' });
