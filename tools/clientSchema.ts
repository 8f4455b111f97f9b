import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');

/** The TypeScript client's types, generated from the service's /openapi.json and committed. */
export const CLIENT_SCHEMA_FILE = path.join(root, 'clients/typescript/src/schema.ts');

/** What a developer runs when the document changed and the committed types no longer match it. */
export const REGENERATE_COMMAND = 'npm run client:types';

/**
 * The client's schema file for an OpenAPI document: openapi-typescript's types with its default
 * options, under a banner naming the command. The regeneration test and the command both use this,
 * so the committed file and the one the test builds differ only when the document does.
 */
export async function clientSchemaSource(document: object): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]);
  return `${COMMENT_HEADER.trimEnd()}\n// Generated from the service's /openapi.json: regenerate with \`${REGENERATE_COMMAND}\`.\n\n${astToString(ast)}`;
}
