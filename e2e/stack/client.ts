// An HTTP client for the stack's checks: requests from a chosen loopback address (nginx then sees a different client),
// and a bounded load of writes and reads that counts every answer.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, of the shape the caller names (the checks read a field or two). */
  json<T>(): T;
}

/** A loopback address of its own per run and purpose (Linux answers on all of 127.0.0.0/8). */
export function clientAddress(): string {
  return `127.${randomInt(10, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

const agents = new Map<string, http.Agent>();
const agentFor = (localAddress: string) => {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, maxSockets: 32, localAddress })));
  return agent;
};

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export interface RequestOptions {
  method?: string;
  token?: string;
  /** An object is sent as JSON; a FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address (default 127.0.0.1). */
  from?: string;
}

export async function request(url: string, { method = 'GET', token, body, headers = {}, from = '127.0.0.1' }: RequestOptions = {}): Promise<Answer> {
  let payload: Buffer | undefined;
  const sent: Record<string, string> = { ...headers };
  if (token) sent.authorization = `Bearer ${token}`;
  if (body instanceof FormData) {
    // The platform's own multipart encoding, boundary and all.
    const encoded = new Request('http://localhost/', { method: 'POST', body });
    payload = Buffer.from(await encoded.arrayBuffer());
    sent['content-type'] = encoded.headers.get('content-type')!;
  } else if (body !== undefined) {
    payload = Buffer.from(JSON.stringify(body));
    sent['content-type'] = 'application/json';
  }
  if (payload) sent['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: sent, agent: agentFor(from) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const data = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json: <T>() => JSON.parse(data.toString('utf8')) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
    req.end(payload);
  });
}

export async function signIn(base: string, credentials: { email: string; password: string }, from?: string): Promise<string> {
  const answer = await request(`${base}/api/auth/login`, { method: 'POST', body: credentials, from });
  if (answer.status !== 200) throw new Error(`Sign-in answered ${answer.status}: ${answer.body}`);
  return answer.json<{ accessToken: string }>().accessToken;
}

/** Polls `check` until it holds; answers how long that took, in ms. */
export async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await sleep(20);
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

export interface LoadResult {
  writes: { sent: number; acknowledged: number; failed: number };
  reads: { sent: number; ok: number; failed: number };
  /** Every failed answer: `POST 502`, `GET error ECONNRESET`… with how many. */
  failures: Record<string, number>;
  /** Lead ids the API answered 2xx for, with the surname each was created under. */
  acknowledged: Map<number, string>;
  /** Surnames of writes that got no 2xx (their lead may or may not exist). */
  unacknowledged: string[];
  seconds: number;
}

/**
 * A bounded loop of lead creates through nginx at a fixed concurrency, each followed by a read of the lead it made.
 * It runs until `until` settles and at least `min` writes were sent, never more than `max`. `onWrite` sees the
 * running count of acknowledged writes (to kill an instance part-way).
 */
export async function runLoad(options: {
  base: string;
  token: string;
  statusId: number;
  tag: string;
  /** Three digits after +7 that no other load of the run uses (phones are unique per load). */
  phoneCode: string;
  concurrency: number;
  min: number;
  max: number;
  pauseMs?: number;
  until?: Promise<unknown>;
  onWrite?: (acknowledged: number) => void;
}): Promise<LoadResult> {
  const result: LoadResult = {
    writes: { sent: 0, acknowledged: 0, failed: 0 },
    reads: { sent: 0, ok: 0, failed: 0 },
    failures: {},
    acknowledged: new Map(),
    unacknowledged: [],
    seconds: 0,
  };
  let settled = options.until === undefined;
  void options.until?.finally(() => (settled = true));
  const fail = (what: string) => (result.failures[what] = (result.failures[what] ?? 0) + 1);
  const started = performance.now();
  const worker = async () => {
    while (result.writes.sent < options.max && (!settled || result.writes.sent < options.min)) {
      const n = result.writes.sent++;
      const surname = `${options.tag}${n}`;
      let id: number | undefined;
      try {
        const answer = await request(`${options.base}/api/leads`, {
          method: 'POST',
          token: options.token,
          body: { surname, firstname: 'Нагрузка', patronymic: '', phone: `+7 ${options.phoneCode} ${String(n).padStart(7, '0')}`, status_id: options.statusId, users: [], additional_info: '' },
        });
        if (answer.status >= 200 && answer.status < 300) {
          id = answer.json<{ data: { id: number } }>().data.id;
          result.writes.acknowledged++;
          result.acknowledged.set(id, surname);
          options.onWrite?.(result.writes.acknowledged);
        } else {
          result.writes.failed++;
          result.unacknowledged.push(surname);
          fail(`POST ${answer.status}`);
        }
      } catch (error) {
        result.writes.failed++;
        result.unacknowledged.push(surname);
        fail(`POST error ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      if (id !== undefined) {
        result.reads.sent++;
        try {
          const answer = await request(`${options.base}/api/leads/${id}`, { token: options.token });
          if (answer.status === 200) result.reads.ok++;
          else {
            result.reads.failed++;
            fail(`GET ${answer.status}`);
          }
        } catch (error) {
          result.reads.failed++;
          fail(`GET error ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      }
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
