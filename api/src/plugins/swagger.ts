import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ipNotAllowedSchema } from '@crm/shared/schemas';
import { bearerSecurity } from '../routes/route-schemas';
import '../lib/route-reach';
import { operationIdFor } from './operation-ids';

export const DOCS_PREFIX = '/api/docs';

/** The machine-readable spec; the UI around it holds nothing but swagger-ui's own files. */
const SPEC_PATHS = new Set([`${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`]);

/**
 * Runs in the browser, inside swagger-ui (serialised into its initializer): every request it makes — the spec itself
 * and "Try it out" — carries the token the CRM stored at sign-in on this origin, unless one was entered by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- swagger-ui's own type for a request
function withStoredToken(request: { [prop: string]: any }) {
  // Only globals here: the function's source text is what runs in the page.
  const token = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('accessToken');
  if (token && !request.headers.Authorization) request.headers.Authorization = `Bearer ${token}`;
  return request;
}

/**
 * OpenAPI built from the routes' zod schemas (the transform turns them into JSON Schema), browsable at /api/docs.
 * API_DOCS decides who may read it: `public` (development default), `auth` (production default: the spec answers
 * 401 without a bearer token; the UI sends the token of the CRM session open in the same browser, or one pasted into
 * Authorize), or `off` (no /api/docs at all). The spec itself is always built: tests read it through `app.swagger()`.
 */
async function swaggerPlugin(app: FastifyInstance) {
  /** Whether the route runs `app.authenticate` first: what the spec's `security` of the operation says. */
  const authenticates = (route: RouteOptions) => [route.onRequest ?? []].flat().includes(app.authenticate);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'CRM API', description: 'Leads, lead statuses, documents and administration.', version: '0.1.0' },
      // Paths carry their /api prefix; relative, so that "Try it out" calls the server the docs came from.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    // Names and security are filled here for every route, so that route files need not repeat them.
    transform: (input) => {
      // The allow-list refuses a call from an address outside it on every route not open to every address (decision 044).
      const refusable = !input.route.config?.openToEveryAddress;
      const response = input.schema?.response as Record<string, unknown> | undefined;
      const declared = refusable && response && !response[403] ? { ...input.schema, response: { ...response, 403: ipNotAllowedSchema } } : input.schema;
      const { schema, url } = jsonSchemaTransform({ ...input, schema: declared });
      if (schema.hide) return { schema, url };
      const methods = [input.route.method].flat();
      const operationId = schema.operationId ?? operationIdFor(String(methods[0]), url.replace(/:(\w+)/g, '{$1}'));
      const security = schema.security ?? (authenticates(input.route) ? bearerSecurity : []);
      return { schema: { ...schema, operationId, security }, url };
    },
  });
  const { apiDocs } = app.config;
  if (apiDocs === 'off') return;
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: apiDocs === 'auth' ? { requestInterceptor: withStoredToken, persistAuthorization: true } : {},
    uiHooks:
      apiDocs === 'auth'
        ? {
            onRequest: async (request: FastifyRequest) => {
              if (SPEC_PATHS.has(request.routeOptions.url ?? '')) await app.authenticate(request);
            },
          }
        : undefined,
  });
}

export const swaggerDocs = fp(swaggerPlugin, { name: 'swagger' });
