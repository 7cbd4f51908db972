import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  /** The item's JSON (events, sessions…), or null for binary items such as replay recordings. */
  json: Record<string, unknown> | null;
  raw: Buffer;
}

export interface Envelope {
  project: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The whole envelope as received (decompressed), to look for text that must never be sent. */
  raw: Buffer;
}

export interface FakeSentry {
  /** A DSN pointing at this server, e.g. `http://public@127.0.0.1:4567/1`. */
  dsn: string;
  origin: string;
  envelopes: Envelope[];
  /** The error events received so far (items of type `event`). */
  events: () => Array<Record<string, unknown>>;
  /** Resolves with the first error event `match` accepts, or rejects after `timeoutMs`. */
  waitForEvent: (match?: (event: Record<string, unknown>) => boolean, timeoutMs?: number) => Promise<Record<string, unknown>>;
  close: () => Promise<void>;
}

/** Splits a Sentry envelope: a header line, then per item a header line and a payload (`length` bytes, or one line). */
export function parseEnvelope(body: Buffer, project: string): Envelope {
  let offset = 0;
  const readLine = () => {
    const end = body.indexOf(10, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const line = readLine();
    if (line.length === 0) continue;
    const itemHeader = JSON.parse(line.toString('utf8')) as EnvelopeItem['header'];
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 10) offset += 1;
    } else payload = readLine();
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      // a binary item (replay recording)
    }
    items.push({ header: itemHeader, json, raw: payload });
  }
  return { project, header, items, raw: body };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

const ENVELOPE_PATH = /^\/api\/([^/]+)\/envelope\/?$/;

/**
 * A stand-in for Sentry's ingestion: accepts envelopes at `/api/<project>/envelope/` (as the SDKs send them) and keeps
 * them, so a test checks what would have been reported. Answers CORS so browsers may post from the app's origin.
 */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: Envelope[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    const match = ENVELOPE_PATH.exec((request.url ?? '').split('?')[0]);
    if (request.method !== 'POST' || !match) return void response.writeHead(404).end();
    readBody(request)
      .then((body) => {
        envelopes.push(parseEnvelope(body, match[1]));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        for (const wake of waiters) wake();
      })
      .catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const events = () =>
    envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === 'event' && item.json).map((item) => item.json!));

  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    origin,
    envelopes,
    events,
    waitForEvent: (match = () => true, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events().find(match);
          if (!found) return false;
          waiters.delete(onEnvelope);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const onEnvelope = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(onEnvelope);
          reject(new Error(`No matching Sentry event within ${timeoutMs} ms; received ${envelopes.length} envelope(s)`));
        }, timeoutMs);
        if (!check()) waiters.add(onEnvelope);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
