import type { ErrorObject } from 'ajv';
import { compileJsonValidator } from '../schemas/validator.js';
import { CardRecord } from '../schemas/card.js';
import { CardSet } from '../schemas/set.js';

export interface RecordCheck<T> {
  /** null when the value is a valid T, else a one-line reason naming the first failing field. */
  (value: unknown): string | null;
  readonly __of?: T;
}

/**
 * Records are checked as the API's JSON is: by the service's one validator, exactly as read, with
 * its formats. Compiled on the first check, so a server that imports nothing starts without it.
 */
function compile<T>(schema: object): RecordCheck<T> {
  let compiled: ReturnType<typeof compileJsonValidator> | undefined;
  return (value) => {
    const validate = (compiled ??= compileJsonValidator(schema));
    if (validate(value)) return null;
    const first = validate.errors?.[0];
    return first ? `invalid record: ${reasonOf(first)}` : 'invalid record';
  };
}

/** `<path> <message>`, the path naming the field even when the rule is its parent's (required, no other fields). */
function reasonOf({ instancePath, keyword, params, message }: ErrorObject): string {
  if (keyword === 'required') return `${instancePath}/${String(params.missingProperty)} is required`;
  if (keyword === 'additionalProperties') return `${instancePath}/${String(params.additionalProperty)} is not a field of this record`;
  return `${instancePath || '/'} ${message ?? 'is invalid'}`;
}

export const checkSet: RecordCheck<CardSet> = compile(CardSet);
export const checkCard: RecordCheck<CardRecord> = compile(CardRecord);
