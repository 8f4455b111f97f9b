import { MESSAGES } from '../access/messages.js';
import { LANGUAGES } from '../schemas/common.js';

/** One sentence per parameter, whatever rule of its schema it broke. */
const PARAMETER_MESSAGES: Record<string, string> = {
  limit: 'limit must be an integer from 1 to 200',
  offset: 'offset must be an integer of 0 or more',
  lang: `lang must be one of: ${LANGUAGES.join(', ')}`,
  q: 'q must be 2 to 60 characters long',
  id: 'id must be a non-empty string',
  set: 'set must be a non-empty string',
  // The MCP tool list_cards_in_set names REST's `set` parameter set_id.
  set_id: 'set_id must be a non-empty string',
  email: MESSAGES.emailInvalid,
  source: MESSAGES.sourceInvalid,
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
