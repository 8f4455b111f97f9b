/**
 * Which redirect URIs a client may register (OAuth 2.1, section 7.5; RFC 8252 for native apps):
 * https anywhere, http only on a loopback host, or a private-use scheme (`cursor://…`); never a
 * fragment, never credentials. Checked again at authorization by exact comparison with the registered ones.
 */
export function redirectUriProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `redirect URI ${text} is not an absolute URI`;
  }
  if (url.hash !== '' || text.includes('#')) return `redirect URI ${text} must not have a fragment`;
  if (url.username !== '' || url.password !== '') return `redirect URI ${text} must not hold credentials`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? undefined : `redirect URI ${text} must use https (http only on a loopback host)`;
  }
  if (/^(javascript|data|file|vbscript|blob|about):$/i.test(url.protocol)) return `redirect URI ${text} uses a scheme that is not allowed`;
  return undefined;
}

/** The Content-Security-Policy form-action source that lets our form send the browser to this redirect URI. */
export function formActionSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}
