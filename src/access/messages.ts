/** What keys and quotas answer, one sentence a person can act on, shared by REST and MCP. */
export const MESSAGES = {
  keyMissing: 'an API key is required: send it as "Authorization: Bearer <key>" (get a free key with POST /v1/keys)',
  keyMalformed: 'the Authorization header must be "Bearer <key>" with a key from POST /v1/keys',
  keyInvalid: 'this API key is not valid (unknown or revoked); get a free key with POST /v1/keys',
  quotaSpent: (limit: number, resetIso: string) =>
    `this key has used all ${limit} requests of this month; the quota resets at ${resetIso}`,
  emailTaken: 'this email already has an active free key; keep using it (a key is shown only once, ' +
    'so if it is lost, ask the operator to revoke it and then create a new one)',
  addressLimit: (limit: number, resetIso: string) =>
    `this address has already created ${limit} keys today; try again after ${resetIso}`,
} as const;
