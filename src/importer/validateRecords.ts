import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { CardWithVariants } from '../schemas/card.js';
import { CardSet } from '../schemas/set.js';

/*
 * TypeBox checks a `format` only when it is registered. These are the formats the catalog
 * schemas use, checked by pattern: a full import checks about a million values, and building
 * a Date or URL for each would cost more than the rest of the validation.
 */
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The day exists in its month (the patterns let 31 through for every month). */
function dayExists(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!);
}
/** An absolute URI: a scheme, and for http(s) an authority; no whitespace. */
const URI = /^(?:https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?|(?!https?:)[a-z][a-z0-9+.-]*:[^\s]+)$/i;
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', (v) => DATE.test(v) && dayExists(v));
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => DATE_TIME.test(v) && dayExists(v));
if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', (v) => URI.test(v));

export interface RecordCheck<T> {
  /** null when the value is a valid T, else a one-line reason naming the first failing field. */
  (value: unknown): string | null;
  readonly __of?: T;
}

function compile<T>(schema: TSchema): RecordCheck<T> {
  const compiled = TypeCompiler.Compile(schema);
  return (value) => {
    if (compiled.Check(value)) return null;
    const first = compiled.Errors(value).First();
    return first ? `invalid record: ${first.path || '/'} ${first.message}` : 'invalid record';
  };
}

export const checkSet: RecordCheck<CardSet> = compile(CardSet);
export const checkCard: RecordCheck<CardWithVariants> = compile(CardWithVariants);
