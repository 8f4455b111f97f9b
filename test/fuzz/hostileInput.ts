import fc from 'fast-check';
import { percentEncode, wtf8 } from '../support/rawHttp.js';

/**
 * What a hostile or careless client sends, as fast-check arbitraries: text with control characters,
 * NUL, lone surrogates, invisible and bidirectional marks, numbers in every spelling JavaScript
 * accepts, very long runs, and the catalog's own plausible values (so that some requests get past
 * validation and reach the store).
 */

const CONTROL = ['\u0000', '\u0001', '\u0008', '\t', '\u000b', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];
const UNICODE_ODDITIES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ufeff', '\ufffd', '\uffff', '\u200b', '\u202e', '\u2028', '\u0301', '\u{10ffff}', '\u{1f525}', 'ｐｉｋａ', 'ピカ', 'ß', 'İ'];
const URL_SYNTAX = ['%', '%%', '%0', '%00', '%zz', '%C0%80', '%E0%A4', '%ED%A0%80', '%FF', '&', '=', '?', '#', '+', '/', '\\', ';', ',', "'", '"', '<', '>', '`', '..', '[]', '[0]'];
const NUMBERS = ['0', '-0', '1', '-1', '50', '200', '201', '1.5', '1e3', '1e20', '1e400', '-1e400', 'Infinity', '-Infinity', 'NaN',
  '0x10', '0b1', '0o7', '9007199254740991', '9007199254740993', '18446744073709551616', ' 5', '5 ', '', 'null', 'true', 'false'];
const PLAUSIBLE = ['en', 'ja', 'fr', 'zh-tw', 'EN', 'xx', 'en-base1', 'en-base1-4', 'ja-SV1a-001', 'en-nope', 'pikachu', 'char',
  'Fire', 'Pokemon', 'Rare Holo', 'Stage2', 'G', 'standard', 'Mitsuhiro Arita', '4', '004', '4/102', 'TG05', 'PAL', 'BS'];

export const specialText = fc.constantFrom(...CONTROL, ...UNICODE_ODDITIES, ...URL_SYNTAX, ...NUMBERS, ...PLAUSIBLE);

/** A lone UTF-16 surrogate: not text, but a JavaScript string (and JSON's "\ud800") may hold one. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

const unit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: specialText },
);

const oddCharacter = fc.oneof(
  // NUL most of all: PostgreSQL's text cannot hold it, SQLite's can.
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL) },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: specialText },
);
/** A plausible value with odd characters spliced in: the likeliest to pass validation and reach a store. */
const laced = fc.tuple(fc.constantFrom(...PLAUSIBLE), fc.array(fc.tuple(fc.nat(40), oddCharacter), { minLength: 1, maxLength: 3 }))
  .map(([text, insertions]) => insertions.reduce((out, [at, odd]) => out.slice(0, at % (out.length + 1)) + odd + out.slice(at % (out.length + 1)), text));

/** Any text a client might send as a value. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: specialText },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 4, arbitrary: laced },
  { weight: 5, arbitrary: fc.string({ unit, maxLength: 16 }) },
  { weight: 2, arbitrary: fc.tuple(specialText, specialText, specialText).map((parts) => parts.join('')) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('a', 'é', '\u0000', '%', 'ピ', '\ud800', 'en-base1-'), fc.integer({ min: 61, max: 3000 }))
      .map(([text, times]) => text.repeat(times)),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
);

/** How a value goes into a query string. */
export type QueryEncoding = 'percent' | 'raw' | 'mangled';

/**
 * A value as it appears in a request target: percent-encoded (lone surrogates as their WTF-8 bytes),
 * raw (every byte as it is but space, CR and LF, which would end the request line), or
 * percent-encoded with broken escapes spliced in.
 */
export function queryPart(text: string, encoding: QueryEncoding, splice = 0): Buffer {
  if (encoding === 'raw') return Buffer.from([...wtf8(text)].map((byte) => (byte === 0x20 || byte === 0x0d || byte === 0x0a ? 0x2b : byte)));
  const encoded = percentEncode(text);
  if (encoding === 'percent') return Buffer.from(encoded, 'latin1');
  const garbage = URL_SYNTAX[splice % URL_SYNTAX.length]!;
  const at = splice % (encoded.length + 1);
  return Buffer.from(encoded.slice(0, at) + garbage + encoded.slice(at), 'latin1');
}

/** Hostile text for a parameter of this schema: for an integer, mostly numbers in odd spellings. */
export function hostileValueFor(schema: object): fc.Arbitrary<string> {
  const { type } = schema as { type?: unknown };
  if (type !== 'integer' && type !== 'number') return hostileText;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) }, { weight: 1, arbitrary: hostileText });
}

export interface QueryPair {
  name: string;
  value: string;
  encoding: QueryEncoding;
  /** Where (and which) broken escape goes into a mangled value. */
  splice: number;
  /** `name` alone, without `=`. */
  bare: boolean;
}

/**
 * A query string's pairs: a request that would succeed (`base`, one of the route's valid queries)
 * with one known parameter given a hostile value (replacing the base's own, or repeating it), and
 * sometimes up to three more pairs (plausible values of known parameters, hostile ones, a
 * stranger's name), in any order. Most values are percent-encoded, as clients send them; raw ones
 * are mostly refused by the HTTP parser before any route sees them.
 */
export function queryPairs(parameters: Record<string, object>, bases: ReadonlyArray<Record<string, string>>): fc.Arbitrary<QueryPair[]> {
  const names = Object.keys(parameters);
  const known = fc.constantFrom(...names);
  const pair = (name: fc.Arbitrary<string>, value: fc.Arbitrary<string>) => fc.record({
    name,
    value,
    encoding: fc.constantFrom<QueryEncoding>('percent', 'percent', 'percent', 'percent', 'percent', 'raw', 'mangled'),
    splice: fc.nat(1000),
    bare: fc.nat(30).map((n) => n === 0),
  });
  const plain = (name: string, value: string): QueryPair => ({ name, value, encoding: 'percent', splice: 0, bare: false });
  const primary = known.chain((name) => pair(fc.constant(name), hostileValueFor(parameters[name]!)));
  const stranger = fc.oneof(fc.constantFrom('foo', '__proto__', 'constructor', 'toString', 'id[]', 'limit[0]', '', 'ID', 'q '), hostileText);
  const companion = fc.oneof(
    { weight: 4, arbitrary: pair(known, fc.constantFrom(...PLAUSIBLE, ...NUMBERS.slice(0, 6))) },
    { weight: 2, arbitrary: pair(known, hostileText) },
    { weight: 1, arbitrary: pair(stranger, hostileText) },
  );
  const companions = fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(companion, { minLength: 1, maxLength: 3 }) });
  return fc.tuple(fc.constantFrom(...bases), primary, fc.nat(4).map((n) => n === 0), companions, fc.nat(5))
    .map(([base, hostile, repeat, others, at]) => {
      const kept = Object.entries(base).filter(([name]) => repeat || name !== hostile.name).map(([name, value]) => plain(name, value));
      const all = [...kept, ...others];
      return [...all.slice(0, at), hostile, ...all.slice(at)];
    });
}

/** The query string of `pairs`, as bytes. */
export function queryString(pairs: readonly QueryPair[]): Buffer {
  const parts = pairs.map(({ name, value, encoding, splice, bare }) => {
    const key = queryPart(name, encoding === 'mangled' ? 'percent' : encoding);
    return bare ? key : Buffer.concat([key, Buffer.from('='), queryPart(value, encoding, splice)]);
  });
  const joined: Buffer[] = [];
  parts.forEach((part, i) => joined.push(...(i === 0 ? [part] : [Buffer.from('&'), part])));
  return Buffer.concat(joined);
}

/** Any JSON value a tool argument may hold, hostile text and odd numbers included. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: hostileText },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1, 200, 201, -1, 1.5, 1e20, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE)) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileText, tie('value'), { maxKeys: 3 }) },
  ),
})).value;
