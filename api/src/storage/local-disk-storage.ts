import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors/app-error';
import type { FileStorage, SignedUrlOptions } from './file-storage';
import { expiryFor, signFileUrl } from './signed-url';

/** Keys this API generates: random hex with an optional suffix. Anything else never reaches the disk. */
export const STORAGE_KEY = /^[0-9a-f]{32}(?:-preview)?$/;

export interface LocalDiskStorageOptions {
  folder: string;
  secret: string;
  ttlSeconds: number;
  /** Path prefix of the route that serves signed URLs. */
  urlPrefix: string;
}

/** Files under one folder, named by their random key; served by GET /api/files/{key} with a signed query. */
export function createLocalDiskStorage({ folder, secret, ttlSeconds, urlPrefix }: LocalDiskStorageOptions): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw notFound('File not found');
    // Two levels of fan-out keep folders small with many files.
    return path.join(folder, key.slice(0, 2), key);
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(body, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { size };
    },

    async get(key) {
      const target = pathOf(key);
      const info = await stat(target).catch(() => undefined);
      if (!info?.isFile()) throw notFound('File not found');
      return createReadStream(target) as Readable;
    },

    async delete(key) {
      if (!STORAGE_KEY.test(key)) return;
      await rm(pathOf(key), { force: true });
    },

    signedUrl(key, { fileName, mime }: SignedUrlOptions) {
      return signFileUrl(urlPrefix, secret, { key, fileName, mime, expires: expiryFor(Date.now(), ttlSeconds) });
    },
  };
}
