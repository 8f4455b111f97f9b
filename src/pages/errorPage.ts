import { html } from './html.js';
import { renderPage } from './layout.js';

const HEADINGS: Record<number, string> = {
  400: 'That request cannot be read', 404: 'Not found', 413: 'That list is too long', 415: 'That form cannot be read',
  429: 'Too many requests', 503: 'The catalog is not answering',
};

/** A page saying what went wrong, in the API's words, with the search box to go on from. */
export function renderErrorPage(status: number, message: string): string {
  const heading = HEADINGS[status] ?? 'Something went wrong';
  return renderPage({
    title: heading,
    description: message,
    heading,
    apiCall: null,
    body: html`<p class="error" role="alert">${message}</p><p><a href="/search">Search the catalog</a> or go to the <a href="/">home page</a>.</p>`,
  });
}
