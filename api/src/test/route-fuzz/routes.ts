import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { JsonSchema } from './values';

/** One method of one route, as the fuzz test knows it: its URL pattern and the JSON Schema of each input part. */
export interface FuzzRoute {
  method: string;
  url: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  /** The route declares `consumes: multipart/form-data` (it reads a file). */
  multipart: boolean;
}

/** A route's schema part as JSON Schema: zod schemas are converted as the OpenAPI document converts them. */
function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  // Classic and zod/mini schemas alike (the first load's shared schemas are zod/mini, docs/decisions/033).
  if (schema instanceof z.core.$ZodType) return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const plain = schema as JsonSchema;
  return plain.type || plain.properties ? plain : undefined;
}

/**
 * Collects the route table as Fastify builds it (pass `onRoute` to buildApp). Every route is kept, with or without a
 * schema: one the generator knows nothing about is still fuzzed through its path, query and body.
 */
export function routeRecorder() {
  const routes: FuzzRoute[] = [];
  return {
    routes,
    onRoute(route: RouteOptions) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
      for (const method of [route.method].flat()) {
        routes.push({
          method,
          url: route.url,
          params: toJsonSchema(schema.params),
          querystring: toJsonSchema(schema.querystring),
          body: toJsonSchema(schema.body),
          multipart: consumes.includes('multipart/form-data'),
        });
      }
    },
  };
}
