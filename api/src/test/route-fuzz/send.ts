import http from 'node:http';
import { apiErrorSchema } from '@crm/shared/schemas';
import type { App } from '../../app';
import type { FuzzRequest } from './requests';

/** What came back: an answer, or the connection dropped before one was complete. */
export type Outcome = { status: number; contentType: string; body: string } | { dropped: string };

/** Through `app.inject`: no network, so fast; a stream that breaks off still shows (light-my-request rejects). */
export async function sendInject(app: App, request: FuzzRequest): Promise<Outcome> {
  try {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.payload,
    });
    return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
  } catch (error) {
    return { dropped: String((error as { code?: string }).code ?? error) };
  }
}

/** Over a real socket: what a client sees when the server cuts a response short (a stream error after the 200). */
export function sendOverSocket(port: number, request: FuzzRequest): Promise<Outcome | undefined> {
  return new Promise((resolve) => {
    let outgoing: http.ClientRequest;
    try {
      const body = request.payload === undefined ? undefined : Buffer.from(request.payload);
      outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.url,
          headers: body ? { ...request.headers, 'content-length': String(body.length) } : request.headers,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('aborted', () => resolve({ dropped: 'aborted' }));
          response.on('error', (error) => resolve({ dropped: String((error as { code?: string }).code ?? error) }));
          response.on('end', () => {
            if (!response.complete) return resolve({ dropped: 'incomplete' });
            resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      outgoing.on('error', (error) => resolve({ dropped: String((error as { code?: string }).code ?? error) }));
      outgoing.end(body);
    } catch {
      // Node's client refuses to send it (a character not allowed in a path): nothing to learn about the server.
      resolve(undefined);
    }
  });
}

/** What is wrong with the outcome: a dropped connection, a 5xx, or a 4xx that is not the API's JSON error body. */
export function problemOf(request: FuzzRequest, outcome: Outcome): string | undefined {
  if ('dropped' in outcome) return `connection dropped (${outcome.dropped})`;
  if (outcome.status >= 500) return `${outcome.status}: ${outcome.body.slice(0, 200)}`;
  if (outcome.status >= 400 && request.method !== 'HEAD') {
    if (!/^application\/json/.test(outcome.contentType)) return `${outcome.status} as ${outcome.contentType || 'no content type'}: ${outcome.body.slice(0, 120)}`;
    let body: unknown;
    try {
      body = JSON.parse(outcome.body);
    } catch {
      return `${outcome.status} with a body that is not JSON: ${outcome.body.slice(0, 120)}`;
    }
    const parsed = apiErrorSchema.safeParse(body);
    if (!parsed.success || parsed.data.message === '') return `${outcome.status} without {message, code, errors}: ${outcome.body.slice(0, 120)}`;
  }
  return undefined;
}
