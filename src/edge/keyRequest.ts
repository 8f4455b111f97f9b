/**
 * The email is compared trimmed, so surrounding white space is not a reason to refuse it: the
 * body of POST /v1/keys and the arguments of get_api_key are trimmed before they are validated.
 */
export function trimEmail(body: unknown): void {
  const object = body as Record<string, unknown> | null | undefined;
  if (object && typeof object === 'object' && !Array.isArray(object) && typeof object.email === 'string') object.email = object.email.trim();
}
