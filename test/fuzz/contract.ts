import assert from 'node:assert/strict';
import type { AccessStore } from '../../src/access/accessStore.js';
import { displayPrefix } from '../../src/access/keyFormat.js';
import { monthOf } from '../../src/access/monthlyQuota.js';
import { HTTP_LEVEL_MESSAGES } from '../../src/edge/clientErrors.js';
import { ERROR_CODES } from '../../src/vocabulary/errorCodes.js';
import type { RawResponse } from '../support/rawHttp.js';

/**
 * What every answer of the service owes a client, whatever it sent (docs/reference.md, "Errors"
 * and "Rate-limit headers"): never a 5xx; the four rate-limit headers as integers and CORS; an error
 * as exactly `{"error": "<sentence>", "code": "<code>"}` in JSON, the code one of the list and documented
 * with the answer's status (a named lookup's 404 adds `candidates`, a list of names).
 */
export function assertContractAnswer(response: RawResponse, what: string): void {
  assert.ok(response.status < 500, `${what}: ${response.status} ${response.body.slice(0, 300)}`);
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    assert.match(response.headers.get(name) ?? '', /^\d+$/, `${what}: ${response.status} without an integer ${name}`);
  }
  assert.equal(response.headers.get('access-control-allow-origin'), '*', `${what}: ${response.status} without CORS`);
  if (response.status >= 400) assert.ok(errorMessage(response), `${what}: ${response.status} is not the contract's error`);
}

/** The message of an error answer, checked to be the contract's JSON error. */
export function errorMessage(response: RawResponse): string {
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, `a ${response.status} not in JSON: ${response.body.slice(0, 200)}`);
  const body = JSON.parse(response.body) as unknown;
  assert.ok(typeof body === 'object' && body !== null && !Array.isArray(body), `a ${response.status} whose body is not an object`);
  // A named lookup's 404 lists the names that may be meant after the sentence (issue 24).
  const named = response.status === 404 && 'candidates' in body;
  assert.deepEqual(Object.keys(body), named ? ['error', 'code', 'candidates'] : ['error', 'code'],
    `a ${response.status} body other than {"error": ..., "code": ...}: ${response.body.slice(0, 200)}`);
  const { error, code, candidates } = body as { error: unknown; code: unknown; candidates?: unknown };
  const documented = Object.entries(ERROR_CODES).find(([name]) => name === code)?.[1];
  assert.equal(documented?.status, response.status, `a ${response.status} whose code ${String(code)} is not documented with that status`);
  if (named) assert.ok(Array.isArray(candidates) && candidates.every((name) => typeof name === 'string'), 'candidates are names');
  assert.ok(typeof error === 'string' && error.length > 0, `a ${response.status} with an empty error`);
  return error;
}

/** Whether the answer came from the HTTP server itself (a request it could not read), not from a route. */
export function isHttpLevel(response: RawResponse): boolean {
  return response.status >= 400 && (Object.values(HTTP_LEVEL_MESSAGES) as string[]).includes(errorMessage(response));
}

/** Whether a 400's message names one of `parameters`, as the validator words it ("limit must be ..."). */
export function namesParameter(message: string, parameters: readonly string[], sentences: readonly string[] = []): boolean {
  const first = /^([a-z_]+) /.exec(message)?.[1];
  return (first !== undefined && parameters.includes(first)) || sentences.includes(message);
}

/** The requests counted this month for `key`, and how many keys the store holds. */
export async function usageOf(store: AccessStore, key: string): Promise<{ used: number; keys: number }> {
  const keys = await store.listKeys(monthOf(new Date()));
  const record = keys.find((k) => k.prefix === displayPrefix(key));
  assert.ok(record, 'the key is in the store');
  return { used: record.used, keys: keys.length };
}
