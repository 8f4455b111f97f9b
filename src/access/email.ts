/**
 * The email rules of POST /v1/keys and get_api_key. The address is compared trimmed and in
 * lower case; the shape check is the one ajv-formats applies to `format: email`, so the
 * OpenAPI schema and the domain agree.
 */
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
export const EMAIL_MAX_LENGTH = 254;
export const SOURCE_MAX_LENGTH = 200;

export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
