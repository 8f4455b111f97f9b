import { ENERGY_TYPES, FORMATS, RARITIES, REGULATION_MARKS, SUBTYPES, SUPERTYPES } from '../vocabulary/cardVocabulary.js';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { SOURCE_MAX_LENGTH } from '../access/email.js';
import { SEARCH_TEXT_MESSAGE, SINCE_MESSAGE } from '../catalog/answers/catalogQueries.js';
import { LANGUAGES, MAX_OFFSET } from '../schemas/common.js';
import { CARD_DETAILS } from '../schemas/compactCard.js';
import { MAX_BATCH_IDS } from '../schemas/queries.js';
import { TYPED_NAME_PATTERN } from '../schemas/names.js';
import { MAX_DECK_LIST_LENGTH } from '../schemas/deck.js';
import { compileJsonValidator, compileQueryValidator } from '../schemas/validator.js';

/*
 * The validator's failures as the edges word them (validationMessage), and the validator wired into
 * Fastify. The validator itself is schemas/validator.ts.
 */

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
  exact: 'exact must be 1 to 60 characters long',
  fuzzy: 'fuzzy must be 1 to 60 characters long',
  // MCP's find_card: the name as typed.
  name: 'name must be 1 to 60 characters long',
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
  // The deck check's body (REST) and check_deck's arguments (MCP).
  list: `list must be a deck list of 1 to ${MAX_DECK_LIST_LENGTH.toLocaleString('en-US')} characters, not blank`,
  format: `format must be one of: ${FORMATS.join(', ')}`,
  since: SINCE_MESSAGE,
  source: `source must be a string of at most ${SOURCE_MAX_LENGTH} characters without control characters`,
};

/** What a missing parameter's sentence says beyond its name, where the name alone says too little. */
const REQUIRED_MESSAGES: Record<string, string> = {
  since: 'since is required: the changes_cursor of a bulk file (/v1/bulk) or the cursor of a previous /v1/changes answer',
};

const AUTOCOMPLETE_TEXT_MESSAGE = 'q must be 1 to 60 characters long';

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
  // Autocomplete's q is a typed name (1 to 60 characters), a search's q a search text (2 to 60).
  if (field === 'q' && (issue.params?.pattern === TYPED_NAME_PATTERN || (issue.keyword === 'minLength' && issue.params?.limit === 1))) {
    return AUTOCOMPLETE_TEXT_MESSAGE;
  }
  if (field && PARAMETER_MESSAGES[field]) {
    return issue.keyword === 'required' ? REQUIRED_MESSAGES[field] ?? `${field} is required` : PARAMETER_MESSAGES[field]!;
  }
  if (where === 'body' && issue.keyword === 'type' && !field) return 'the request body must be a JSON object';
  return `${field || where} ${issue.message ?? 'is invalid'}`;
}
