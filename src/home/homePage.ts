import { EMAIL_MAX_LENGTH, SOURCE_MAX_LENGTH } from '../access/email.js';
import { FREE_MONTHLY_LIMIT } from '../access/monthlyQuota.js';
import type { CatalogSummary } from '../catalog/catalogShapes.js';
import { BEARER_SCHEME } from '../schemas/keyedResponses.js';

/** Where the page's own files are served (public/), and the reference's (@fastify/swagger-ui). */
export const ASSETS_PATH = '/docs/assets';
export const REFERENCE_PATH = '/docs/reference';

export interface HomePageData {
  publicBaseUrl: string;
  /** null while the store does not answer: the page still serves the reference and the sign-up. */
  summary: CatalogSummary | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string | number) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const count = (n: number) => n.toLocaleString('en-US');
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The MCP client configuration of docs/mcp.md, for this server; the page puts the new key in it. */
export function mcpClientConfig(publicBaseUrl: string, key = '<your key>'): string {
  const server = { type: 'http', url: `${publicBaseUrl}/mcp`, headers: { Authorization: `Bearer ${key}` } };
  return JSON.stringify({ mcpServers: { 'tcg-catalog': server } }, null, 2);
}

function catalogSection(summary: CatalogSummary | null): string {
  if (!summary) return '<p>The catalog\'s figures cannot be read right now; the reference below still works.</p>';
  const importedAt = summary.importedAt
    ? `imported <time datetime="${escape(summary.importedAt)}">${escape(summary.importedAt.slice(0, 16).replace('T', ' '))} UTC</time>`
    : 'not imported yet';
  return `
      <dl class="figures">
        <div><dt>cards</dt><dd id="count-cards">${count(summary.cards)}</dd></div>
        <div><dt>sets</dt><dd id="count-sets">${count(summary.sets)}</dd></div>
        <div><dt>languages</dt><dd id="count-languages">${count(summary.languages.length)}</dd></div>
      </dl>
      <p>In ${escape(summary.languages.map((code) => `${languageNames.of(code) ?? code} (${code})`).join(', '))}.
        Every printing of every card, with its game text, images and legality.</p>
      <p class="version">Catalog version <code id="catalog-version">${escape(summary.version || 'none')}</code>, ${importedAt}.</p>`;
}

/** The home page: what the API is, a free key, the MCP endpoint, then the interactive reference. */
export function renderHomePage({ publicBaseUrl, summary }: HomePageData): string {
  const base = escape(publicBaseUrl);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pokémon TCG Catalog API</title>
  <meta name="description" content="Every Pokémon TCG set and card in 16 languages as JSON, over REST and MCP. Free key: 1,000 requests a month.">
  <link rel="icon" href="${ASSETS_PATH}/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="${REFERENCE_PATH}/static/swagger-ui.css">
  <link rel="stylesheet" href="${ASSETS_PATH}/home.css">
  <script src="${REFERENCE_PATH}/static/swagger-ui-bundle.js" defer></script>
  <script src="${ASSETS_PATH}/home.js" defer></script>
</head>
<body data-bearer-scheme="${escape(BEARER_SCHEME)}">
  <header>
    <h1>Pokémon TCG Catalog API</h1>
    <p class="lead">Every Pokémon TCG set and card, in up to 16 languages, as JSON: over REST for your code,
      and as a remote MCP server for AI agents.</p>
    <form class="home-search" action="/search" method="get" role="search">
      <label for="home-search-q">Look at the cards</label>
      <input id="home-search-q" name="q" type="search" maxlength="60" placeholder="pikachu, ultra ball…">
      <button type="submit">Search</button>
    </form>
    <nav>
      <a href="/search">Search cards</a>
      <a href="/decks">Check a deck</a>
      <a href="#get-a-key">Get a free key</a>
      <a href="#reference">API reference</a>
      <a href="#mcp">MCP for agents</a>
      <a href="/openapi.json">openapi.json</a>
    </nav>
  </header>
  <main>
    <section id="catalog">
      <h2>What the catalog holds</h2>${catalogSection(summary)}
    </section>

    <section id="get-a-key">
      <h2>Get a free key</h2>
      <p>A free key allows <strong>${count(FREE_MONTHLY_LIMIT)} requests per calendar month</strong> (UTC), REST and MCP
        together; every answer says what is left in its <code>X-RateLimit-*</code> headers. One key per email address.</p>
      <form id="key-form" action="/v1/keys" method="post">
        <label for="key-email">Email</label>
        <input id="key-email" name="email" type="email" required maxlength="${EMAIL_MAX_LENGTH}" autocomplete="email" placeholder="you@example.com">
        <label for="key-source">How did you find us? <span class="optional">(optional)</span></label>
        <input id="key-source" name="source" type="text" maxlength="${SOURCE_MAX_LENGTH}" placeholder="a friend, a search, an agent…">
        <button type="submit">Get my key</button>
      </form>
      <p id="key-error" class="error" role="alert" hidden></p>
      <div id="key-result" hidden>
        <p><strong>Your key, shown only this once:</strong> store it now.</p>
        <div class="copyable"><code id="new-key"></code><button type="button" data-copy="new-key">Copy</button></div>
        <p>Your first call:</p>
        <div class="copyable"><pre><code id="try-it"></code></pre><button type="button" data-copy="try-it">Copy</button></div>
        <p id="key-applied">The reference below now sends this key: open an operation and press <em>Execute</em>.</p>
      </div>
    </section>

    <section id="mcp">
      <h2>For AI agents: MCP</h2>
      <p>The same catalog is a remote <a href="https://modelcontextprotocol.io">Model Context Protocol</a> server at
        <code>${base}/mcp</code> (Streamable HTTP, stateless): tools to search cards, read a card or a set, and get a key.
        Add it to a client that takes remote servers:</p>
      <div class="copyable"><pre><code id="mcp-config">${escape(mcpClientConfig(publicBaseUrl))}</code></pre><button type="button" data-copy="mcp-config">Copy</button></div>
      <p>Calls count against the key's monthly quota, shared with REST.</p>
    </section>

    <section id="licence">
      <h2>Data and licence</h2>
      <p>The card data comes from <a href="https://github.com/tcgdex/cards-database">TCGdex</a>, under the MIT licence.
        The service's code is MIT-licensed. Pokémon and its card names are trademarks of their owners; this service is not affiliated with them.</p>
    </section>
  </main>

  <section id="reference" aria-label="API reference">
    <h2>API reference</h2>
    <p>Built from <a href="/openapi.json">/openapi.json</a>. Calls go to this server; with a key from the form above they
      run as that key.</p>
    <div id="swagger-ui"></div>
  </section>
</body>
</html>
`;
}
