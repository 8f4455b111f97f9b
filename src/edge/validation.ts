import { ENERGY_TYPES, FORMATS, RARITIES, REGULATION_MARKS, SUBTYPES, SUPERTYPES } from '../catalog/cardVocabulary.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { SOURCE_MAX_LENGTH } from '../access/email.js';
import { SEARCH_TEXT_MESSAGE } from '../catalog/catalogQueries.js';
import { constUnionsToEnums } from '../schemas/publishedSchema.js';
import { LANGUAGES, MAX_OFFSET } from '../schemas/common.js';
import { CARD_DETAILS } from '../schemas/compactCard.js';
import { MAX_BATCH_IDS } from '../schemas/queries.js';

/*
 * The one validator of the service: REST requests, MCP tool arguments and imported records are
 * checked against the same schemas by one of two Ajv instances, worded by validationMessage.
 */

// ajv-formats is CommonJS with its function as the default export.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/**
 * The formats our schemas use. They are checked on every imported record (the full dump is about
 * 140k cards, a few million values), so each format's mode is chosen, measured on 100k demo cards:
 * 'full' for date and date-time (0.45 µs a card more than 'fast', whose patterns let 2023-02-30
 * through) and for email (the 'fast' pattern accepts `ash@example`); 'fast' for uri, a scheme then
 * no white space, as the import always checked it: the full RFC 3986 pattern costs 1.2 µs a card
 * more, and would start refusing image URLs the import keeps today (unescaped non-ASCII, say).
 * No request carries a uri.
 */
const FULL_FORMATS = ['date', 'date-time', 'email'] as const;
const FAST_FORMATS = ['uri'] as const;

function newAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    // true rather than Fastify's default 'array', which also unwraps a one-element array: a query
    // string never holds one, and a tool argument sent as [5] stays refused, as it always was.
    coerceTypes: coerce,
    // Query defaults (limit 50, offset 0) fill the request or the arguments as the schema states them.
    useDefaults: coerce,
    removeAdditional: false,
    // The first failure only: one message per request, and no work spent listing the others.
    allErrors: false,
    // Not strict: strictNumbers would make Ajv skip minimum/maximum on text coerced to Infinity.
    strict: false,
    // Schemas are compiled, never referred to by $id, so none is kept under one.
    addUsedSchema: false,
  });
  addFormats(ajv, { mode: 'full', formats: [...FULL_FORMATS] });
  for (const name of FAST_FORMATS) ajv.addFormat(name, addFormats.get(name, 'fast'));
  return ajv;
}

/**
 * Query strings, path parameters and headers arrive as text, so `"5"` is the integer 5; so do the
 * MCP tool arguments that stand for a query string.
 */
const coercing = newAjv(true);
/** JSON is validated exactly as sent: `{"email": 5}` is not the string "5" (bodies, body-like tool arguments, records). */
const asSent = newAjv(false);

/**
 * The schema as the OpenAPI document and the MCP tool listing publish it: a closed vocabulary is an
 * enum rather than TypeBox's anyOf of consts. It accepts the same values, and Ajv checks an enum
 * without trying (and recording the failure of) each const before the matching one, which made
 * a card's variant keys most of a record's validation time. Kept per schema, so compiling a
 * schema twice hits Ajv's cache.
 */
const published = new WeakMap<object, object>();
function asPublished(schema: object): object {
  let wire = published.get(schema);
  if (!wire) published.set(schema, (wire = constUnionsToEnums(schema) as object));
  return wire;
}

/** A validator for values that stand for a query string: text is coerced to the schema's types, defaults filled in. */
export function compileQueryValidator(schema: object): ValidateFunction {
  return coercing.compile(asPublished(schema));
}

/** A validator for JSON values, checked exactly as sent. */
export function compileJsonValidator(schema: object): ValidateFunction {
  return asSent.compile(asPublished(schema));
}

/** Fastify's validator compiler: the JSON body as sent, every other part of a request as text. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? compileJsonValidator(schema) : compileQueryValidator(schema);

/** Fastify's validation errors carry the one message validationMessage words. */
export const schemaErrorFormatter: Parameters<FastifyInstance['setSchemaErrorFormatter']>[0] = (errors, dataVar) =>
  new Error(validationMessage(errors, dataVar));

/** One sentence per parameter, whatever rule of its schema it broke. */
const PARAMETER_MESSAGES: Record<string, string> = {
  limit: 'limit must be an integer from 1 to 200',
  offset: `offset must be an integer from 0 to ${MAX_OFFSET}`,
  lang: `lang must be one of: ${LANGUAGES.join(', ')}`,
  q: SEARCH_TEXT_MESSAGE,
  id: 'id must be a non-empty string without control characters',
  // REST sends them comma-separated, MCP's get_card as an array: one sentence fits both.
  ids: `ids must list 1 to ${MAX_BATCH_IDS} card ids, each 1 to 100 characters with no white space or comma`,
  set: 'set must be a non-empty string without control characters',
  // The MCP tool list_cards_in_set names REST's `set` parameter set_id.
  set_id: 'set_id must be a non-empty string without control characters',
  supertype: `supertype must be one of: ${SUPERTYPES.join(', ')}`,
  subtype: `subtype must be one of: ${SUBTYPES.join(', ')}`,
  type: `type must be one of: ${ENERGY_TYPES.join(', ')}`,
  rarity: `rarity must be one of: ${RARITIES.join(', ')}`,
  regulation_mark: `regulation_mark must be one of: ${REGULATION_MARKS.join(', ')}`,
  legal: `legal must be one of: ${FORMATS.join(', ')}`,
  artist: 'artist must be an artist\'s name of 1 to 100 characters',
  number: 'number must be a card number as printed (4, 004, TG05), or a number over the set\'s printed total (4/102)',
  set_code: 'set_code must be a set\'s printed abbreviation, such as PAL, SVI or BS',
  // The MCP card list tools' detail; REST lists have none.
  detail: `detail must be one of: ${CARD_DETAILS.join(', ')}`,
  email: 'email must be a valid email address',
  source: `source must be a string of at most ${SOURCE_MAX_LENGTH} characters without control characters`,
};

export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

export function validationMessage(issues: ValidationIssue[], where: string): string {
  const issue = issues[0];
  if (!issue) return `invalid ${where}`;
  const field = issue.keyword === 'required'
    ? String(issue.params?.missingProperty ?? '')
    : issue.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  if (field && PARAMETER_MESSAGES[field]) {
    return issue.keyword === 'required' ? `${field} is required` : PARAMETER_MESSAGES[field]!;
  }
  if (where === 'body' && issue.keyword === 'type' && !field) return 'the request body must be a JSON object';
  return `${field || where} ${issue.message ?? 'is invalid'}`;
}
