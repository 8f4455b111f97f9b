/** The largest page the API serves: paging with it spends the fewest requests of a quota. */
export const MAX_PAGE_SIZE = 200;

interface Page<Item> {
  data: Item[];
  pagination: { has_more: boolean };
}

/**
 * Every item of a paged listing, fetching a page only when the previous one is used up. It stops
 * when `has_more` is false (the API's reliable end signal; search totals are estimates), or on an
 * empty page, so a misbehaving server cannot make it loop.
 */
export async function* eachItem<Item>(
  fetchPage: (paging: { limit: number; offset: number }) => Promise<Page<Item>>,
  start: { limit?: number; offset?: number } = {},
): AsyncGenerator<Item, void, undefined> {
  const limit = start.limit ?? MAX_PAGE_SIZE;
  let offset = start.offset ?? 0;
  for (;;) {
    const page = await fetchPage({ limit, offset });
    yield* page.data;
    if (!page.pagination.has_more || page.data.length === 0) return;
    offset += page.data.length;
  }
}
