import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * The email rules of POST /v1/keys, get_api_key and the operator CLI. The address is compared
 * trimmed and in lower case. Its shape is ajv-formats' own `email` format (full mode), the one the
 * edge validates KeyRequest's `format: email` with, so the schema and the domain cannot disagree.
 */
const EMAIL_FORMAT = fullFormats.email;
if (!(EMAIL_FORMAT instanceof RegExp)) throw new Error('ajv-formats\' email format is expected to be a pattern');
const EMAIL_PATTERN: RegExp = EMAIL_FORMAT;

export const EMAIL_MAX_LENGTH = 254;
export const SOURCE_MAX_LENGTH = 200;

export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
