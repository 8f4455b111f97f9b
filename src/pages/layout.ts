import { ASSETS_PATH } from '../home/homePage.js';
import { LANGUAGES, type Language } from '../schemas/common.js';
import { html, type Html } from './html.js';

/** The pages' own stylesheet and script, served with the home page's files (public/). */
export const PAGES_STYLESHEET = `${ASSETS_PATH}/pages.css`;
export const PAGES_SCRIPT = `${ASSETS_PATH}/pages.js`;
/** Where the pages' script asks for the names that complete what is typed in the search box. */
export const NAME_SUGGESTIONS_PATH = '/search/names';

export interface PageContent {
  /** The <title>: what the page shows, then the site's name. */
  title: string;
  /** The meta description a link preview reads. */
  description: string;
  /** The main heading. */
  heading: Html | string;
  body: Html;
  /** The API call that gives the page's data (shown in the footer); null when none does. */
  apiCall: ApiCall | null;
  /** What the search box holds. */
  query?: string;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
export const languageName = (code: string) => languageNames.of(code) ?? code;

/** Longest first, so `es-mx-…` is Mexican Spanish, not Spanish. */
const BY_LENGTH = [...LANGUAGES].sort((a, b) => b.length - a.length);

/** The catalog language of a card or set id (`<lang>-…`). */
export function languageOfId(id: string): Language {
  return BY_LENGTH.find((code) => id.startsWith(`${code}-`)) ?? 'en';
}

/** The search box every page carries: a plain GET form, with suggestions as one types when scripts run. */
export function searchBox(query = ''): Html {
  return html`<form class="search-box" action="/search" method="get" role="search">
      <label for="site-search" class="visually-hidden">Search cards by name or query</label>
      <input id="site-search" name="q" type="search" value="${query}" placeholder="Search cards: pikachu, types:fire hp:>=100…" maxlength="1000" autocomplete="off" list="name-suggestions" data-suggest="${NAME_SUGGESTIONS_PATH}">
      <datalist id="name-suggestions"></datalist>
      <button type="submit">Search</button>
    </form>`;
}

/** A GET is a link to the answer; a POST is named. */
export type ApiCall = { method: 'GET'; url: string } | { method: 'POST'; url: string };

function apiCallLine(call: ApiCall | null): Html | string {
  if (call === null) return '';
  const code = html`<code>${call.method} ${call.url}</code>`;
  return html`<p>This page's data as JSON: ${call.method === 'GET' ? html`<a class="api-call" href="${call.url}">${code}</a>` : code}
      (with a free key: <a href="/#get-a-key">get one</a>; <a href="/docs">API reference</a>).</p>`;
}

/** A whole page: head, the header with the search box, the content, the footer with its API call. */
export function renderPage(page: PageContent): string {
  return html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${page.title} · Pokémon TCG Catalog</title>
  <meta name="description" content="${page.description}">
  <link rel="icon" href="${ASSETS_PATH}/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="${PAGES_STYLESHEET}">
  <script src="${PAGES_SCRIPT}"></script>
</head>
<body>
  <a class="skip" href="#content">Skip to content</a>
  <header class="site">
    <a class="brand" href="/">Pokémon TCG Catalog</a>
    ${searchBox(page.query)}
    <nav aria-label="Pages">
      <a href="/search">Search</a>
      <a href="/decks">Deck check</a>
      <a href="/docs">API</a>
    </nav>
  </header>
  <main id="content">
    <h1>${page.heading}</h1>
    ${page.body}
  </main>
  <footer class="site">
    ${apiCallLine(page.apiCall)}
    <p>Card data from <a href="https://github.com/tcgdex/cards-database">TCGdex</a> (MIT). Images from the TCGdex CDN. Not affiliated with The Pokémon Company.</p>
  </footer>
</body>
</html>
`.text;
}
