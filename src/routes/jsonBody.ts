import type { FastifyInstance } from 'fastify';
import { failureOf, refusal } from '../edge/failures.js';
import { sendError } from './errors.js';

export const NOT_JSON = 'the request body must be a JSON object sent as Content-Type: application/json';

/**
 * Makes the routes of a plugin's context read JSON bodies only: any other content type is a 400,
 * as a body that is not JSON is, and a body over the route's limit a 413 saying `tooLarge`.
 */
export function acceptJsonOnly(app: FastifyInstance, tooLarge: string): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.addContentTypeParser('*', (_request, _payload, done) => done(refusal(400, 'not_json', NOT_JSON), undefined));
  // A Content-Type that is no media type at all (an empty one, say) Fastify refuses with 415 before
  // any parser runs; here it is one more body that is not JSON. Every other failure goes on to the
  // app's error handler.
  app.setErrorHandler((error, _request, reply) => {
    const { kind } = failureOf(error);
    if (kind === 'unsupported-media-type') return sendError(reply, 400, 'not_json', NOT_JSON);
    if (kind === 'too-large') return sendError(reply, 413, 'body_too_large', tooLarge);
    throw error;
  });
}
