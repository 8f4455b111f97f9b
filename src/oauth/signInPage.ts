import { ASSETS_PATH } from '../home/homePage.js';

/**
 * The pages of GET and POST /oauth/authorize: sign in with a key you have, or get a free one with
 * your email. Every value is escaped; no script and no inline style (the page's CSP allows neither).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escape(title)} · Pokémon TCG Catalog API</title>
  <link rel="icon" href="${ASSETS_PATH}/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="${ASSETS_PATH}/home.css">
</head>
<body>
  <main class="sign-in">
    <h1>${escape(title)}</h1>
${body}
  </main>
</body>
</html>
`;
}

export interface SignInForm {
  /** The sealed authorization request the form sends back. */
  request: string;
  clientName: string | undefined;
  redirectUri: string;
  /** What went wrong with the last attempt, if anything. */
  problem?: string;
  email?: string;
}

/** The sign-in page: an application asks to use the catalog on your behalf, with one of your keys. */
export function renderSignInPage({ request, clientName, redirectUri, problem, email }: SignInForm): string {
  const who = clientName ? `<strong id="client-name">${escape(clientName)}</strong>` : 'An application';
  const host = escape(new URL(redirectUri).host || redirectUri);
  return page('Sign in to use the catalog', `    <p>${who} (returning to <code id="redirect-host">${host}</code>) asks to search the Pokémon TCG catalog with
      your API key. Its requests count against that key's monthly quota (1,000 a month for a free key).</p>
${problem ? `    <p class="problem" id="problem" role="alert">${escape(problem)}</p>\n` : ''}    <section>
      <h2>Get a free key</h2>
      <form method="post" action="/oauth/authorize" id="email-form">
        <input type="hidden" name="request" value="${escape(request)}">
        <label for="email">Email</label>
        <input type="email" id="email" name="email" required maxlength="254" autocomplete="email" value="${escape(email ?? '')}">
        <button type="submit" id="email-submit">Get a key and continue</button>
      </form>
      <p>One free key per email; the key is shown once on the next page.</p>
    </section>
    <section>
      <h2>Use a key you have</h2>
      <form method="post" action="/oauth/authorize" id="key-form">
        <input type="hidden" name="request" value="${escape(request)}">
        <label for="key">API key</label>
        <input type="password" id="key" name="key" required autocomplete="off" placeholder="tcgk_…">
        <button type="submit" id="key-submit">Continue</button>
      </form>
    </section>`);
}

/** After a key was created: the key, shown once, and the way back to the application. */
export function renderNewKeyPage(key: string, continueUrl: string, clientName: string | undefined): string {
  return page('Your new API key', `    <p>Keep this key: it is shown only this once. It also works on the REST API, as
      <code>Authorization: Bearer &lt;key&gt;</code>.</p>
    <p><code id="new-key">${escape(key)}</code></p>
    <p><a id="continue" href="${escape(continueUrl)}">Continue to ${escape(clientName ?? 'the application')}</a></p>`);
}

/**
 * A request that cannot go on: what is wrong, for the person who sees it; with `back` (a known
 * client at one of its own redirect URIs), the client's name and a link that takes the error back to it.
 */
export function renderProblemPage(problem: string, back?: { clientName: string | undefined; redirectUri: string; href: string }): string {
  const way = back
    ? `    <p><a id="back" href="${escape(back.href)}">Return to ${back.clientName ? `<strong id="client-name">${escape(back.clientName)}</strong>` : 'the application'}</a>
      (<code id="redirect-host">${escape(new URL(back.redirectUri).host || back.redirectUri)}</code>) and tell it what went wrong.</p>`
    : '    <p>Go back to the application and connect again.</p>';
  return page('This sign-in cannot go on', `    <p class="problem" id="problem" role="alert">${escape(problem)}</p>
${way}`);
}
