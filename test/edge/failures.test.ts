import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { failureOf, logFailure, refusal, type Failure } from '../../src/edge/failures.js';
import { StoreUnavailableError, UNAVAILABLE_MESSAGE } from '../../src/storeUnavailable.js';

/** An error shaped as Fastify raises them. */
const fastifyError = (statusCode: number, code: string, message = 'Fastify says no') =>
  Object.assign(new Error(message), { statusCode, code });

const CASES: Array<[string, unknown, Failure]> = [
  ['a validation error keeps its worded message', Object.assign(fastifyError(400, 'FST_ERR_VALIDATION', 'limit must be an integer from 1 to 200'), { validation: [] }),
    { kind: 'validation', status: 400, code: 'invalid_parameter', message: 'limit must be an integer from 1 to 200' }],
  ['an edge refusal keeps its status, code and message', refusal(400, 'not_json', 'the request body must be a JSON object sent as Content-Type: application/json'),
    { kind: 'refused', status: 400, code: 'not_json', message: 'the request body must be a JSON object sent as Content-Type: application/json' }],
  ['a store outage is 503, logged as a warning', new StoreUnavailableError(new Error('ECONNREFUSED')),
    { kind: 'unavailable', status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, log: 'warn' }],
  // Stores classify their own driver's errors; the edge reads no driver codes or messages.
  ['a driver error that reaches the edge unclassified is a bug', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    { kind: 'internal', status: 500, code: 'internal', message: 'internal error', log: 'error' }],
  ['a body over the limit is 413', fastifyError(413, 'FST_ERR_CTP_BODY_TOO_LARGE'),
    { kind: 'too-large', status: 413, code: 'body_too_large', message: 'the request body is larger than 16 KiB' }],
  ['an unsupported content type is 415', fastifyError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'),
    { kind: 'unsupported-media-type', status: 415, code: 'unsupported_media_type', message: 'send the request body as application/json' }],
  ['invalid JSON is 400', fastifyError(400, 'FST_ERR_CTP_INVALID_JSON_BODY'),
    { kind: 'bad-json', status: 400, code: 'not_json', message: 'the request body must be valid JSON' }],
  ['an empty JSON body is 400', fastifyError(400, 'FST_ERR_CTP_EMPTY_JSON_BODY'),
    { kind: 'bad-json', status: 400, code: 'not_json', message: 'the request body must be valid JSON' }],
  ['a JSON syntax error with a 4xx status is 400', Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 }),
    { kind: 'bad-json', status: 400, code: 'not_json', message: 'the request body must be valid JSON' }],
  ['any other 4xx is 400 without its internal wording', fastifyError(406, 'FST_ERR_SOMETHING'),
    { kind: 'bad-request', status: 400, code: 'bad_request', message: 'the request could not be understood' }],
  ['a bug is 500, logged as an error', new TypeError('cannot read properties of undefined'),
    { kind: 'internal', status: 500, code: 'internal', message: 'internal error', log: 'error' }],
  ['a thrown non-error is a bug', 'oops',
    { kind: 'internal', status: 500, code: 'internal', message: 'internal error', log: 'error' }],
  ['a 5xx other than 500 keeps its status', fastifyError(502, 'UPSTREAM'),
    { kind: 'internal', status: 502, code: 'internal', message: 'internal error', log: 'error' }],
  ['a 503 that is not an outage of the store still says to retry', fastifyError(503, 'CLOSING'),
    { kind: 'internal', status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, log: 'error' }],
  ['a status below 400 on an error is a bug', fastifyError(302, 'ODD'),
    { kind: 'internal', status: 500, code: 'internal', message: 'internal error', log: 'error' }],
];

describe('failureOf maps every thrown error to one status, code and message for both edges', () => {
  for (const [what, error, expected] of CASES) {
    test(what, () => assert.deepEqual(failureOf(error), expected));
  }

  test('an outage is logged as a warning, a bug as an error with the edge\'s words, a client mistake not at all', () => {
    const lines: string[] = [];
    const log = {
      warn: (fields: object, message: string) => lines.push(`warn ${message} ${JSON.stringify(Object.keys(fields))}`),
      error: (fields: object, message: string) => lines.push(`error ${message} ${JSON.stringify(Object.keys(fields))}`),
    } as unknown as Parameters<typeof logFailure>[0];
    for (const error of [new StoreUnavailableError(new Error('down')), new TypeError('bug'), fastifyError(413, 'FST_ERR_CTP_BODY_TOO_LARGE')]) {
      logFailure(log, failureOf(error), error, 'tool call failed', { tool: 'get_card' });
    }
    assert.deepEqual(lines, ['warn the database does not answer ["err","tool"]', 'error tool call failed ["err","tool"]']);
  });
});
