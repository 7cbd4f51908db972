import type { Readable } from 'node:stream';

/**
 * Where document files live. The local-disk driver keeps them under DATA_DIR; an S3-compatible driver implements
 * the same four calls (a presigned GET for `signedUrl`).
 */
export interface FileStorage {
  /**
   * Streams `body` to `key`. Stops and removes what was written when the stream fails (e.g. the upload went over its
   * size limit), so a failed put leaves nothing behind. Answers the number of bytes stored.
   */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The stored bytes; rejects with NOT_FOUND when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** A URL that serves the bytes without a bearer header until it expires (for <img>, <iframe> and downloads). */
  signedUrl(key: string, options: SignedUrlOptions): string;
}

export interface SignedUrlOptions {
  /** The name a download is saved under. */
  fileName: string;
  /** The sniffed content type. */
  mime: string;
}
