/**
 * The source text of a JSON-RPC message's id, for keeping ids exactly: JSON.parse turns
 * 9007199254740993 into 9007199254740992 and 1.0 into 1, and Node 20's JSON.parse shows a reviver
 * no source text, so the id's own characters are read here, from the body already known to be valid JSON.
 */

const WHITE_SPACE = new Set([' ', '\t', '\n', '\r']);

/** The source of the last top-level member `id` of a JSON object text (the one JSON.parse keeps), or undefined. */
export function idSource(json: string): string | undefined {
  let at = skipWhiteSpace(json, 0);
  if (json[at] !== '{') return undefined;
  let found: string | undefined;
  at = skipWhiteSpace(json, at + 1);
  while (at < json.length && json[at] !== '}') {
    const nameEnd = stringEnd(json, at);
    const name = JSON.parse(json.slice(at, nameEnd)) as string;
    at = skipWhiteSpace(json, skipWhiteSpace(json, nameEnd) + 1);
    const valueEnd = valueEndOf(json, at);
    if (name === 'id') found = json.slice(at, valueEnd);
    at = skipWhiteSpace(json, valueEnd);
    if (json[at] === ',') at = skipWhiteSpace(json, at + 1);
  }
  return found;
}

/** An integer id written as JSON.stringify writes it back: no fraction, exponent, -0 or precision lost. */
export function isExactIntegerSource(source: string): boolean {
  if (!/^-?(0|[1-9][0-9]*)$/.test(source) || source === '-0') return false;
  return Number.isSafeInteger(Number(source));
}

function skipWhiteSpace(json: string, at: number): number {
  while (WHITE_SPACE.has(json[at]!)) at++;
  return at;
}

/** Just past the string starting at `at` (its opening quote). */
function stringEnd(json: string, at: number): number {
  for (let i = at + 1; i < json.length; i++) {
    if (json[i] === '\\') i++;
    else if (json[i] === '"') return i + 1;
  }
  return json.length;
}

/** Just past the value starting at `at`: a string, an object or array (strings inside skipped), or a literal. */
function valueEndOf(json: string, at: number): number {
  const first = json[at];
  if (first === '"') return stringEnd(json, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = at; i < json.length; i++) {
      const c = json[i];
      if (c === '"') i = stringEnd(json, i) - 1;
      else if (c === '{' || c === '[') depth++;
      else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
    }
    return json.length;
  }
  let i = at;
  while (i < json.length && !WHITE_SPACE.has(json[i]!) && json[i] !== ',' && json[i] !== '}' && json[i] !== ']') i++;
  return i;
}
