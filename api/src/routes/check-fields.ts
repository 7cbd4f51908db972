import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { validationFailed } from '../errors/app-error';
import { collectFieldErrors, type FieldChecks } from '../lib/collect-field-errors';

/**
 * A route's `preValidation`: one 422 with the schema's errors and the failing field checks together, instead of the
 * schema's alone and the checks only once the schema passes. When it lets the request through, the route's
 * `schema.body` (the same schema) parses it as usual.
 *
 *   app.post('/leads', { schema: { body: leadInputSchema }, preValidation: checkFields(leadInputSchema, () => checks) }, …)
 */
export function checkFields<S extends z.ZodObject>(
  schema: S,
  checks: (request: FastifyRequest) => FieldChecks<S>,
): preValidationAsyncHookHandler {
  return async (request) => {
    const errors = await collectFieldErrors(schema, request.body, checks(request));
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  };
}
