import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { compress, type ContentCoding } from '../edge/compression.js';
import { CATALOG_CACHE_CONTROL, contentTag } from '../edge/httpCaching.js';
import { sendBody, sendNotModified } from '../edge/sendBody.js';
import { PAGE_REVISION } from '../pages/pageRevision.js';
import type { CatalogViews } from '../catalog/catalogViews.js';

/** What the rendered pages kept may hold, their forms' bytes counted; the least recently used go first. */
const PAGES_MAX_BYTES = 16 * 2 ** 20;

type Forms = Map<ContentCoding, Buffer>;
const HTML = 'text/html; charset=utf-8';
/** A page differs by its URL and its coding alone: no key, no Authorization. */
const PAGE_CACHING = { cacheControl: CATALOG_CACHE_CONTROL, vary: 'Accept-Encoding' };

const formsSize = (forms: Forms) => {
  let size = 0;
  for (const bytes of forms.values()) size += bytes.length;
  return size;
};

/**
 * The pages' answers, cached as the API's are: a page is a function of its URL, the catalog answers
 * it shows (whose tags already hold the catalog's retrieval) and the pages' code, so its entity tag
 * is a hash of those, known before rendering: a revalidation is a 304 without rendering, and a page
 * rendered once is kept (by tag, with each compressed form made) for the next request of the same URL.
 */
export class PageCache {
  /** Each page's bytes in each coding sent so far (identity first). */
  private readonly pages = new LRUCache<string, Forms>({ maxSize: PAGES_MAX_BYTES, sizeCalculation: formsSize });

  /** `views`: the catalog's, which empty the pages when the catalog is retrieved again (their tags would never be asked again). */
  constructor(views: Pick<CatalogViews, 'onDrop'>) {
    views.onDrop(() => this.pages.clear(), true);
  }

  /** The tag of the page at `url` made from the answers whose tags are given. */
  tag(url: string, answerTags: readonly string[]): string {
    return contentTag(`${PAGE_REVISION}\u0000${url}\u0000${answerTags.join(',')}`);
  }

  /**
   * Sends the page of `tag`: 304 when If-None-Match names it, else the kept page or the one `render`
   * makes, compressed as the API's answers are when the client accepts it (each coding made once).
   */
  async send(reply: FastifyReply, tag: string, render: () => Promise<string> | string): Promise<FastifyReply> {
    const caching = { ...PAGE_CACHING, tag };
    const notModified = sendNotModified(reply, caching);
    if (notModified) return notModified;
    let forms = this.pages.get(tag);
    if (forms === undefined) {
      forms = new Map([['identity', Buffer.from(await render())]]);
      this.pages.set(tag, forms);
    }
    const page = forms.get('identity')!;
    const kept = forms;
    return sendBody(reply, { ...caching, body: page, type: HTML, compressed: (coding) => {
      let compressed = kept.get(coding);
      if (compressed === undefined) {
        kept.set(coding, (compressed = compress(page, coding)));
        // Set again, so the entry is charged for the form it now holds too.
        this.pages.set(tag, kept);
      }
      return compressed;
    } });
  }
}

/** A page not kept or revalidated: an error page, or the answer to a deck sent to be checked. */
export function sendUncachedPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return sendBody(reply, { status, body: Buffer.from(page), type: HTML, cacheControl: 'no-store', vary: 'Accept-Encoding' });
}
