import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@crm/shared/schemas';
import { AppError } from '../errors/app-error';
import type { RealtimeAdapter } from './adapter';
import { channelKind, hmac, isValidChannelName, md5, type RealtimeLimits, sameDigest } from './protocol';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export interface RealtimeHttpApiOptions {
  appId: string;
  appKey: string;
  appSecret: string;
  limits: RealtimeLimits;
  adapter: () => RealtimeAdapter;
}

/** How far a signed request's timestamp may be from this server's clock. */
const MAX_CLOCK_SKEW_SECONDS = 600;
const SOCKET_ID = /^\d+\.\d+$/;

const querySchema = z.object({
  auth_key: z.string().max(200).optional(),
  auth_timestamp: z.string().max(20).optional(),
  auth_version: z.string().max(10).optional(),
  body_md5: z.string().max(64).optional(),
  auth_signature: z.string().max(128).optional(),
});

const eventSchema = z.object({
  name: z.string().min(1).max(200),
  data: z.string(),
  channels: z.array(z.string()).min(1).optional(),
  channel: z.string().optional(),
  socket_id: z.string().regex(SOCKET_ID, 'Not a socket id').optional(),
  info: z.string().max(200).optional(),
});
type PublishedEvent = z.infer<typeof eventSchema>;

/**
 * What the HTTP API refuses in a published event (no channel, too many, an invalid name, data over the size limit), as
 * messages; empty when the event may be delivered. The in-process publish of the embedded mode checks the same.
 */
export function checkPublishedEvent(
  event: { channels?: string[]; channel?: string; data: string },
  limits: RealtimeLimits,
  index?: number,
): string[] {
  const where = index === undefined ? '' : `batch[${index}].`;
  const channels = event.channels ?? (event.channel ? [event.channel] : []);
  const problems: string[] = [];
  if (channels.length === 0) problems.push(`${where}channels: give channels or channel.`);
  if (channels.length > limits.maxChannelsPerEvent) problems.push(`${where}channels: at most ${limits.maxChannelsPerEvent} channels per event.`);
  for (const channel of channels) {
    if (!isValidChannelName(channel, limits.maxChannelNameLength)) problems.push(`${where}channels: invalid channel name.`);
  }
  if (Buffer.byteLength(event.data) > limits.maxEventBytes) problems.push(`${where}data: at most ${limits.maxEventBytes} bytes.`);
  return problems;
}

const paramsSchema = z.object({ appId: z.string().max(200) });

const unauthorized = (message: string) => new AppError('UNAUTHENTICATED', message);

/**
 * Pusher's HTTP API for publishing: `POST /apps/{appId}/events` and `/batch_events`, signed as the `pusher`
 * libraries sign them (HMAC-SHA256 of method, path and sorted query, plus the body's MD5).
 */
export const realtimeHttpApi: FastifyPluginAsyncZod<RealtimeHttpApiOptions> = async (app, options) => {
  const { limits } = options;
  // The signature covers the body's exact bytes, so this scope keeps them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
    request.rawBody = String(body);
    try {
      done(null, body.length === 0 ? {} : JSON.parse(String(body)));
    } catch {
      done(new AppError('BAD_REQUEST', 'The body is not valid JSON.'), undefined);
    }
  });

  const checkEvent = (event: PublishedEvent, index?: number) => checkPublishedEvent(event, limits, index);

  async function publish(event: PublishedEvent) {
    const channels = event.channels ?? [event.channel!];
    const adapter = options.adapter();
    await Promise.all(channels.map((channel) => adapter.broadcast(channel, { event: event.name, data: event.data }, event.socket_id)));
  }

  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema } as const;

  app.post(
    '/apps/:appId/events',
    {
      preValidation: async (request) => checkSignature(request, options),
      schema: { hide: true, params: paramsSchema, querystring: querySchema, body: eventSchema, response: { 200: z.object({}).passthrough(), ...errors } },
    },
    async (request) => {
      const problems = checkEvent(request.body);
      if (problems.length > 0) throw new AppError('PAYLOAD_TOO_LARGE', problems.join(' '));
      await publish(request.body);
      return {};
    },
  );

  app.post(
    '/apps/:appId/batch_events',
    {
      preValidation: async (request) => checkSignature(request, options),
      schema: {
        hide: true,
        params: paramsSchema,
        querystring: querySchema,
        body: z.object({ batch: z.array(eventSchema).min(1) }),
        response: { 200: z.object({ batch: z.array(z.object({})) }), ...errors },
      },
    },
    async (request) => {
      const { batch } = request.body;
      if (batch.length > limits.maxBatchEvents) throw new AppError('PAYLOAD_TOO_LARGE', `At most ${limits.maxBatchEvents} events per batch.`);
      const problems = batch.flatMap((event, index) => checkEvent(event, index));
      if (problems.length > 0) throw new AppError('PAYLOAD_TOO_LARGE', problems.join(' '));
      for (const event of batch) await publish(event);
      return { batch: batch.map(() => ({})) };
    },
  );

  app.get(
    '/apps/:appId/channels/:channel/users',
    {
      preValidation: async (request) => checkSignature(request, options),
      schema: {
        hide: true,
        params: paramsSchema.extend({ channel: z.string().max(200) }),
        querystring: querySchema,
        response: { 200: z.object({ users: z.array(z.object({ id: z.string() })) }), ...errors },
      },
    },
    async (request) => {
      if (channelKind(request.params.channel) !== 'presence') throw new AppError('BAD_REQUEST', 'Only presence channels have users.');
      const members = await options.adapter().presenceMembers(request.params.channel);
      return { users: members.map((m) => ({ id: m.user_id })) };
    },
  );
};

function paramsOf(request: FastifyRequest): { appId?: string } {
  return (request.params ?? {}) as { appId?: string };
}

/** Pusher's request signature: HMAC-SHA256 of `METHOD\npath\nsorted query`, and the body's MD5 for a body. */
function checkSignature(request: FastifyRequest, options: RealtimeHttpApiOptions) {
  const query = request.query as Record<string, string | undefined>;
  if (query.auth_key !== options.appKey) throw unauthorized('Unknown auth_key.');
  if (paramsOf(request).appId !== options.appId) throw new AppError('NOT_FOUND', 'Unknown app id.');
  const timestamp = Number(query.auth_timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
    throw unauthorized('auth_timestamp is missing or more than 600 seconds from the server time.');
  }
  if (query.auth_version !== '1.0') throw unauthorized('auth_version must be 1.0.');
  if (request.method === 'POST' && (!query.body_md5 || !sameDigest(md5(request.rawBody ?? ''), query.body_md5))) {
    throw unauthorized('body_md5 does not match the body.');
  }
  const signed = Object.keys(query)
    .filter((key) => key !== 'auth_signature')
    .sort()
    .map((key) => `${key.toLowerCase()}=${query[key]}`)
    .join('&');
  const expected = hmac(options.appSecret, `${request.method}\n${request.url.split('?')[0]}\n${signed}`);
  if (!query.auth_signature || !sameDigest(expected, query.auth_signature)) throw unauthorized('Invalid signature.');
}
