import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLIENT_SCHEMA_FILE, clientSchemaSource, REGENERATE_COMMAND } from '../../tools/clientSchema.js';
import { projectRoot } from '../support/shared.js';
import { startServer, type TestServer } from '../support/server.js';

/** The first line where two texts differ, 1-based, with both versions of it. */
function firstDifference(expected: string, actual: string): string {
  const [a, b] = [expected.split('\n'), actual.split('\n')];
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, generated ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

describe('the TypeScript client\'s committed types', () => {
  let server: TestServer;
  let document: { paths: Record<string, unknown> };
  const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
  const file = path.relative(projectRoot, CLIENT_SCHEMA_FILE);

  before(async () => {
    server = await startServer();
    const response = await fetch(`${server.baseUrl}/openapi.json`);
    assert.equal(response.status, 200);
    document = (await response.json()) as typeof document;
  });
  after(async () => server.close());

  it('are what openapi-typescript generates from the live /openapi.json', async () => {
    const generated = await clientSchemaSource(document);
    assert.ok(generated === committed,
      `${file} no longer matches the service's /openapi.json (${firstDifference(committed, generated)}): ` +
      `run \`${REGENERATE_COMMAND}\` and commit the file`);
  });

  it('would differ from a document with one more operation (the comparison sees a schema change)', async () => {
    const changed = structuredClone(document);
    changed.paths['/v1/decks'] = { get: { operationId: 'listDecks', responses: { 200: { description: 'Decks.' } } } };
    const generated = await clientSchemaSource(changed);
    assert.notEqual(generated, committed);
    assert.match(generated, /"\/v1\/decks"/);
  });
});
