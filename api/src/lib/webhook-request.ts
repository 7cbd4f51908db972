import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outgoing webhook requests (docs/decisions/070): a webhook must not become a way into the internal network, so the
 * host is resolved once, every address it resolves to must be a public unicast one, and the connection goes to that
 * checked address (no second resolution a rebinding DNS server could answer differently). Redirects are not followed.
 */

export const SIGNATURE_HEADER = 'x-crm-signature';
export const TIMESTAMP_HEADER = 'x-crm-timestamp';
export const EVENT_HEADER = 'x-crm-event';
export const DELIVERY_HEADER = 'x-crm-delivery';

/** `sha256=<hex HMAC-SHA256 of the raw body, keyed with the webhook's secret>`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The URL points somewhere webhooks may not go; the message is shown to the admin. */
export class BlockedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedAddressError';
  }
}

/**
 * Public unicast only: ipaddr.js names every special range (loopback, private, link-local, unique-local, multicast,
 * unspecified, carrier-grade NAT, reserved, documentation…); an IPv4-mapped IPv6 address is judged as its IPv4.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() === 'unicast';
}

/** The host part of a URL as DNS and `isIP` want it (`[::1]` → `::1`). */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host and checks what it resolves to: a host with any non-public address is refused (one public
 * address beside a private one is no reason to trust the name). With `allowPrivate` every address passes.
 */
export async function resolveWebhookHost(url: URL, allowPrivate: boolean): Promise<ResolvedAddress> {
  const host = bareHost(url);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      throw new BlockedAddressError(`Не удалось найти адрес ${host}`);
    }
  }
  if (addresses.length === 0) throw new BlockedAddressError(`Не удалось найти адрес ${host}`);
  if (!allowPrivate) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw new BlockedAddressError(`Адрес ${blocked.address} внутренний: вебхуки отправляются только на публичные адреса`);
  }
  return addresses[0];
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface WebhookResponse {
  /** Null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  /** Null on a 2xx answer; otherwise why the attempt failed, in words for the delivery log. */
  error: string | null;
}

/** At most this much of an answer is read (and thrown away): the status is all a delivery needs. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** POSTs one delivery to the checked address. Never throws: every failure is an answer with `error`. */
export async function sendWebhookRequest(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let resolved: ResolvedAddress;
  const url = new URL(request.url);
  try {
    resolved = await resolveWebhookHost(url, request.allowPrivate);
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: error instanceof Error ? error.message : String(error) };
  }
  // The connection goes to the address checked above, whatever DNS would answer now. (Node calls `lookup` only for
  // host names; an IP literal was checked as it is.)
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: elapsed() });
    };
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(request.body)), ...request.headers },
      },
      (response) => {
        const status = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.byteLength;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          if (status !== null && status >= 200 && status < 300) finish({ statusCode: status, error: null });
          else if (status !== null && status >= 300 && status < 400) finish({ statusCode: status, error: `Перенаправление (${status}) не выполняется` });
          else finish({ statusCode: status, error: `Ответ ${status ?? 'без статуса'}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ statusCode: null, error: `Нет ответа за ${Math.round(request.timeoutMs / 1000)} с` });
    }, request.timeoutMs);
    outgoing.on('error', (error) => finish({ statusCode: null, error: `Ошибка соединения: ${error.message}` }));
    outgoing.end(request.body);
  });
}
