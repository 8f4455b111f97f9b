import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LANGUAGES } from '../../src/schemas/common.js';
import { ABILITY_TYPES, ENERGY_TYPES } from '../../src/vocabulary/cardVocabulary.js';
import { VARIANT_KEYS } from '../../src/vocabulary/variantKeys.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';

type Operation = { operationId: string; responses: Record<string, { content?: Record<string, { schema: object }> }> };

describe('the OpenAPI 3.1 document', () => {
  let server: RunningServer;
  let doc: any;
  before(async () => {
    server = await startCatalogServer();
    doc = (await server.get('/openapi.json')).body;
  });
  after(async () => { await server.close(); });

  it('is a valid OpenAPI 3.1.0 document, version 1.0.0', async () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    const result = await validate(structuredClone(doc));
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
  });

  it('names the closed vocabularies as enums: languages and variant_key', () => {
    const params = doc.paths['/v1/sets'].get.parameters as Array<{ name: string; schema: { enum?: string[] } }>;
    assert.deepEqual(params.find((p) => p.name === 'lang')?.schema.enum, [...LANGUAGES]);
    const text = JSON.stringify(doc);
    assert.ok(text.includes(JSON.stringify([...VARIANT_KEYS])), 'variant_key enum is in the document');
    assert.ok(text.includes(JSON.stringify([...ENERGY_TYPES])), 'energy type enum is in the document');
    assert.ok(text.includes(JSON.stringify([...ABILITY_TYPES])), 'ability type enum is in the document');
  });

  it('gives Card and Set examples that are valid instances of their schemas', () => {
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const examples: string[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (node === null || typeof node !== 'object') return;
      const { title, examples: given, ...schema } = node as { title?: string; examples?: unknown[] };
      if ((title === 'Card' || title === 'Set') && given) {
        for (const example of given) assert.ok(ajv.validate(schema, example), `${title} example: ${ajv.errorsText()}`);
        examples.push(title);
      }
      Object.values(node).forEach(visit);
    };
    visit(doc);
    assert.ok(examples.includes('Card') && examples.includes('Set'));
  });

  it('describes what every operation really answers', async () => {
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The schemas with their references (the error codes' component) resolved, as a reader of the document sees them.
    const resolved = await dereference(structuredClone(doc)) as typeof doc;
    const operation = (path: string): Operation => resolved.paths[path].get;
    /** `asked`: the path with its parameters filled in, where the document's has them (`/v2/cards/{id}`). */
    const check = async (path: string, query: string, expected: number, asked = path) => {
      const response = await server.get(asked + query);
      assert.equal(response.status, expected, `${path}${query}`);
      const schema = operation(path).responses[String(expected)]?.content?.['application/json']?.schema;
      assert.ok(schema, `${path} documents ${expected}`);
      const valid = ajv.validate(schema, response.body);
      assert.ok(valid, `${path}${query}: ${ajv.errorsText()}`);
    };
    await check('/v1/sets', '', 200);
    await check('/v1/sets', '?lang=fr&limit=2', 200);
    await check('/v1/sets', '?id=en-base1', 200);
    await check('/v1/sets', '?id=xx-none', 404);
    await check('/v1/sets', '?limit=0', 400);
    await check('/v1/cards', '?id=en-base1-4', 200);
    await check('/v1/cards', '?set=en-base1&limit=2', 200);
    await check('/v1/cards', '?q=pika', 200);
    await check('/v1/cards', '?type=Fire&number=4%2F102', 200);
    await check('/v1/cards', '?set=en-base1&subtype=Stage2', 200);
    await check('/v1/cards', '?type=Feu', 400);
    await check('/v1/cards', '?q=x', 400);
    await check('/v1/cards', '?id=en-base1-0', 404);
    await check('/v1/cards', '?ids=en-base1-4,en-base1-0,fr-base1-4', 200);
    await check('/v1/cards', '?ids=en-base1-0', 200);
    await check('/v1/cards', '?ids=a,,b', 400);
    await check('/v1/cards', '?q=charzard', 200);
    await check('/v1/cards/named', '?fuzzy=charzard', 200);
    await check('/v1/cards/named', '?exact=glurak&lang=de', 200);
    await check('/v1/cards/named', '?fuzzy=xyzzy', 404);
    await check('/v1/cards/named', '?fuzzy=', 400);
    await check('/v1/cards/autocomplete', '?q=pika', 200);
    await check('/v1/cards/autocomplete', '?q=', 400);
    await check('/v2/cards', '?q=name:charizard', 200);
    await check('/v2/cards', '?pageSize=251', 400);
    await check('/v2/cards/{id}', '', 200, '/v2/cards/base1-4');
    await check('/v2/cards/{id}', '', 404, '/v2/cards/base1-999');
    await check('/v2/sets', '?orderBy=-releaseDate', 200);
    await check('/v2/sets/{id}', '', 200, '/v2/sets/base1');
    for (const name of ['types', 'subtypes', 'supertypes', 'rarities']) await check(`/v2/${name}`, '', 200);
    await check('/healthz', '', 200);
    await check('/healthz', '%', 400);
    await check('/openapi.json', '', 200);
    await check('/openapi.json', '%zz', 400);
  });
});
