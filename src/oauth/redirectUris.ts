import { createHash } from 'node:crypto';
import { MAX_REDIRECT_URI_LENGTH } from '../vocabulary/redirectUriLimits.js';

/**
 * Which redirect URIs a client may use, by allow-list (RFC 9700 section 2.1, RFC 8252 for native
 * apps): https with a host; http on the loopback address (127.0.0.1, [::1], and `localhost`, which
 * RFC 8252 section 8.3 advises clients against but Claude Code and Claude Desktop use) with any
 * port; or a private-use scheme in reverse-domain form (`com.example.app:/callback`, RFC 8252
 * section 7.1), and Cursor's `cursor:`, which predates that rule. Never a fragment, never
 * credentials, only the characters RFC 3986 allows, at most MAX_REDIRECT_URI_LENGTH of them.
 * PKCE binds every code to the client that asked for it, whichever app a scheme reaches.
 */

const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=%]+$/;
/** A scheme made of at least two domain labels (RFC 8252 section 7.1: a domain name under the app's control, reversed). */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+:$/;
/** Private-use schemes of well-known MCP clients that are not in reverse-domain form. */
const KNOWN_CLIENT_SCHEMES = new Set(['cursor:']);
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];
/** A loopback http redirect URI's port, where any other port matches (RFC 8252 section 7.3). */
const LOOPBACK_PORT = /^(http:\/\/(?:127\.0\.0\.1|\[::1\]|localhost))(?::\d+)?(?=[/?]|$)/;

export function redirectUriProblem(text: string): string | undefined {
  if (text.length > MAX_REDIRECT_URI_LENGTH) return `a redirect URI may hold at most ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (!URI_CHARACTERS.test(text)) return `redirect URI ${text} holds characters a URI may not (RFC 3986), or a fragment`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `redirect URI ${text} is not an absolute URI`;
  }
  if (url.username !== '' || url.password !== '') return `redirect URI ${text} must not hold credentials`;
  if (url.protocol === 'https:') return url.hostname === '' ? `redirect URI ${text} has no host` : undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.includes(url.hostname) ? undefined
      : `redirect URI ${text} must use https (http only on the loopback address: 127.0.0.1, [::1] or localhost)`;
  }
  if (REVERSE_DOMAIN_SCHEME.test(url.protocol) || KNOWN_CLIENT_SCHEMES.has(url.protocol)) return undefined;
  return `redirect URI ${text} must use https, http on the loopback address, or a private-use scheme in reverse-domain form (com.example.app:/callback)`;
}

/** What a client id keeps of a registered redirect URI: a digest, the port of a loopback URI left out (any port matches). */
export function registeredDigest(uri: string): string {
  return digest(uri.replace(LOOPBACK_PORT, '$1'));
}

/** A SHA-256 digest, base64url: what a grant keeps of a long value it only compares. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The Content-Security-Policy form-action source that lets our form send the browser to this redirect URI. */
export function formActionSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}
