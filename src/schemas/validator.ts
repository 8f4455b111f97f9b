import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { constUnionsToEnums } from './publishedSchema.js';

/*
 * The one validator of the service: REST requests, MCP tool arguments and imported records are
 * checked against the same schemas by one of two Ajv instances. It lives with the schemas, so the
 * importer checks its records without importing an edge; the edges word its failures
 * (edge/validation.ts).
 */

// ajv-formats is CommonJS with its function as the default export.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/**
 * The formats our schemas use. They are checked on every imported record (a few million values),
 * so each format's mode is chosen: 'full' for date and date-time ('fast' lets 2023-02-30 through)
 * and for email ('fast' accepts `ash@example`); 'fast' for uri, a scheme then no white space, as the
 * import always checked it: the full RFC 3986 pattern costs every card more and would refuse image
 * URLs the import keeps (unescaped non-ASCII, say). No request carries a uri.
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
