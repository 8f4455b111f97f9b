import type { FastifyReply } from 'fastify';
import { CATALOG_CACHE_CONTROL, contentTag, entityTag, ifNoneMatchMatches } from '../edge/httpCaching.js';
import { setCatalogPagePolicy } from '../edge/securityHeaders.js';
import { PAGE_REVISION } from '../pages/pageRevision.js';

/** Rendered pages kept by their tag; past this many, the oldest goes. */
const PAGES_KEPT = 500;

/**
 * The pages' answers, cached as the API's are: a page is a function of its URL, the catalog answers
 * it shows (whose tags already hold the catalog's retrieval) and the pages' code, so its entity tag
 * is a hash of those, known before rendering: a revalidation is a 304 without rendering, and a page
 * rendered once is kept (by tag) for the next request of the same URL.
 */
export class PageCache {
  private readonly pages = new Map<string, Buffer>();

  /** The tag of the page at `url` made from the answers whose tags are given. */
  tag(url: string, answerTags: readonly string[]): string {
    return contentTag(`${PAGE_REVISION}\u0000${url}\u0000${answerTags.join(',')}`);
  }

  /** Sends the page of `tag`: 304 when If-None-Match names it, else the kept page or the one `render` makes. */
  async send(reply: FastifyReply, tag: string, render: () => Promise<string> | string): Promise<FastifyReply> {
    setPageHeaders(reply);
    reply.header('etag', entityTag(tag, 'identity'));
    reply.header('cache-control', CATALOG_CACHE_CONTROL);
    if (ifNoneMatchMatches(reply.request.headers['if-none-match'], tag)) return reply.code(304).send();
    let page = this.pages.get(tag);
    if (page === undefined) {
      page = Buffer.from(await render());
      if (this.pages.size >= PAGES_KEPT) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(tag, page);
    }
    return reply.code(200).type('text/html; charset=utf-8').send(page);
  }
}

export function setPageHeaders(reply: FastifyReply): void {
  setCatalogPagePolicy(reply);
}

/** A page not kept or revalidated: an error page, or the answer to a deck sent to be checked. */
export function sendUncachedPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  setPageHeaders(reply);
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}
