/**
 * The `code` beside every error's sentence: one stable word a program branches on, where the
 * sentence is for a person and may be reworded. The same codes in MCP tool errors. Each code is
 * answered with one status (the table in docs/reference.md is this list; `internal` keeps another 5xx
 * a failure already carried); a code is never reused for another meaning, and a new case gets a new code.
 */
export const ERROR_CODES = {
  invalid_parameter: {
    status: 400,
    meaning: 'A query parameter, path segment, body field or tool argument is malformed, out of range or unknown, or ' +
      'parameters that exclude each other were combined (exactly one of id, ids, set, q); the sentence names it.',
  },
  unknown_set_code: {
    status: 400,
    meaning: 'set_code is not the printed abbreviation of any set; the sentence names the nearest known codes.',
  },
  invalid_query: {
    status: 400,
    meaning: 'query cannot be read: the sentence names the position (`query: expected a value after "hp:" at 4`), the ' +
      'nearest field for an unknown one, or the limit passed (length, nesting, wildcards, terms).',
  },
  not_json: {
    status: 400,
    meaning: 'The request body is not valid JSON, or was not sent as Content-Type: application/json.',
  },
  malformed_path: { status: 400, meaning: 'The path is not valid percent-encoding.' },
  malformed_request: { status: 400, meaning: 'The request is not valid HTTP/1.1 (its request line, a header name or value).' },
  bad_request: { status: 400, meaning: 'Another request the server could not understand.' },
  missing_key: { status: 401, meaning: 'No API key was sent: send "Authorization: Bearer <key>".' },
  malformed_key: { status: 401, meaning: 'The Authorization header is not "Bearer <key>" with a key of the form POST /v1/keys gives.' },
  invalid_key: { status: 401, meaning: 'The key is unknown or revoked (or an OAuth access token expired).' },
  not_found: {
    status: 404,
    meaning: 'No set, card, card name or bulk file has what was asked (a named lookup lists the nearest names in ' +
      'candidates).',
  },
  ambiguous_name: {
    status: 404,
    meaning: 'A named lookup fits several card names equally; call again with one of candidates.',
  },
  unknown_path: { status: 404, meaning: 'No operation has this path; see /openapi.json.' },
  method_not_allowed: { status: 405, meaning: 'The path does not take this method; the Allow header lists those it takes.' },
  request_timeout: { status: 408, meaning: 'The request did not arrive whole in time.' },
  email_in_use: { status: 409, meaning: 'The email already has an active free key.' },
  cursor_gone: {
    status: 410,
    meaning: 'The changes cursor cannot be followed here (older than what is kept, or of another catalog database): ' +
      'start again from /v1/bulk.',
  },
  body_too_large: { status: 413, meaning: 'The request body is larger than the operation takes.' },
  path_too_long: { status: 414, meaning: 'The path is longer than the router takes.' },
  unsupported_media_type: { status: 415, meaning: 'A body was sent in a media type the operation does not read.' },
  range_not_satisfiable: { status: 416, meaning: 'The Range asked of a bulk file is outside it.' },
  quota_exceeded: { status: 429, meaning: 'The key has used its monthly requests; Retry-After says when the month resets.' },
  key_limit_reached: { status: 429, meaning: 'This address has created its keys for the day; Retry-After says when it may again.' },
  rate_limited: {
    status: 429,
    meaning: 'This address sent too many requests without a valid key this minute; Retry-After says when to retry.',
  },
  headers_too_large: { status: 431, meaning: 'The request line and headers are larger than the server takes.' },
  internal: { status: 500, meaning: 'A failure of the service itself; the X-Request-Id finds it in the log.' },
  unavailable: { status: 503, meaning: 'The database does not answer right now; retry shortly.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

/** Why a request or a tool call is refused: its code and the sentence for people. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}
