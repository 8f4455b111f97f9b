/** What an OAuth client may register: the redirect URIs' rules are oauth/redirectUris.ts's. */
/**
 * The one length limit. Client ids, codes and refresh tokens hold digests of redirect URIs, not
 * the URIs, so their size does not grow with this; the sealed sign-in request holds one URI, and its
 * own limit (schemas/oauth.ts) is made from this; and a registration of MAX_REDIRECT_URIS of them fits
 * the 16 KiB a request body may hold.
 */
export const MAX_REDIRECT_URI_LENGTH = 1000;
export const MAX_REDIRECT_URIS = 10;
