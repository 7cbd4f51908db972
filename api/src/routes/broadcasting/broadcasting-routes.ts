import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  channelAuthInputSchema,
  channelAuthSchema,
  dataEnvelope,
  LEAD_PRESENCE_CHANNEL_PATTERN,
  realtimeChannels,
  realtimeConfigSchema,
  USER_CHANNEL_PATTERN,
  userAuthInputSchema,
  userAuthSchema,
} from '@crm/shared/schemas';
import { AppError } from '../../errors/app-error';
import { type AuthUser, requireUser } from '../../plugins/auth';
import { leadViewer } from '../leads/lead-viewer';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['realtime'];
const forbidden = () => new AppError('FORBIDDEN', 'This action is unauthorized.');

/** pusher-js posts its auth requests as a form; these routes read it as well as JSON. */
function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** Who a user is on a presence channel: what the avatars next to a lead show. */
const presenceMember = (user: AuthUser) => ({ user_id: String(user.id), user_info: { name: user.name, avatar: user.avatar } });

/**
 * Whether the caller may listen on a channel (docs/decisions/028): their own user channel, the app channel, the leads and documents
 * channels with the view ability, and a lead's presence channel only when that lead is in their scope.
 */
async function mayListen(app: FastifyInstance, request: FastifyRequest, channel: string): Promise<boolean> {
  const user = requireUser(request);
  const userChannel = USER_CHANNEL_PATTERN.exec(channel);
  if (userChannel) return Number(userChannel[1]) === user.id;
  // Every signed-in page hears that a remote was switched (docs/decisions/052): nothing on it is private.
  if (channel === realtimeChannels.app) return true;
  if (channel === realtimeChannels.leads) return request.ability?.can('view', 'lead') ?? false;
  if (channel === realtimeChannels.documents) return request.ability?.can('view', 'document') ?? false;
  const lead = LEAD_PRESENCE_CHANNEL_PATTERN.exec(channel);
  if (lead) {
    if (!request.ability?.can('view', 'lead')) return false;
    return app.leadQueryRepository
      .detail(Number(lead[1]), leadViewer(request))
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
        throw error;
      });
  }
  return false;
}

const authErrors = { 422: apiErrorSchema, ...protectedErrors } as const;

/** `POST /broadcasting/user-auth`: the spec names this second path outside /api, so it is registered at both places. */
export const userAuthRoute: FastifyPluginAsyncZod = async (app) => {
  acceptForms(app);
  app.post(
    '/broadcasting/user-auth',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign a realtime connection in as the caller (pusher:signin)',
        security: bearerSecurity,
        body: userAuthInputSchema,
        response: { 200: userAuthSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return app.realtime.authenticateUser(request.body.socket_id, { id: String(user.id), name: user.name });
    },
  );
};

export const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptForms(app);

  app.post(
    '/broadcasting/auth',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Authorise a realtime channel subscription; 403 for a channel the caller may not see',
        security: bearerSecurity,
        body: channelAuthInputSchema,
        response: { 200: channelAuthSchema, ...authErrors },
      },
    },
    async (request) => {
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!(await mayListen(app, request, channel))) throw forbidden();
      const presence = channel.startsWith('presence-') ? presenceMember(requireUser(request)) : undefined;
      return app.realtime.authorizeChannel(socketId, channel, presence);
    },
  );

  app.get(
    '/realtime/config',
    {
      schema: {
        tags,
        summary: 'What the browser realtime client connects to (a null host is this server)',
        response: { 200: dataEnvelope(realtimeConfigSchema) },
      },
    },
    async () => ({ data: app.realtime.clientConfig }),
  );
};
