// Lists a set's cards and searches a name with the TypeScript client (clients/typescript).
//   TCG_API_KEY=tcgk_... npm run example -- [set id] [name]
// TCG_API_URL is where the service answers (default http://127.0.0.1:3000); get a key with
//   curl -X POST http://127.0.0.1:3000/v1/keys -H 'content-type: application/json' -d '{"email":"you@example.com"}'
// In your own project, import from '@tcg-catalog/client' instead.
import { CatalogApiError, createCatalogClient } from '../clients/typescript/src/index.js';

const SEARCH_RESULTS_SHOWN = 20;

const key = process.env.TCG_API_KEY;
if (!key) {
  console.error('set TCG_API_KEY to an API key (POST /v1/keys creates one)');
  process.exit(2);
}
const [setId = 'en-base1', name = 'pikachu'] = process.argv.slice(2);
const catalog = createCatalogClient({ baseUrl: process.env.TCG_API_URL ?? 'http://127.0.0.1:3000', key });

try {
  const { body: set } = await catalog.getSet(setId);
  console.log(`${set.data.name} (${set.data.id}, ${set.data.language}): ${set.data.card_count} cards`);
  // The iterator fetches the next page only when this loop reaches it, until has_more is false.
  for await (const card of catalog.eachCardInSet(setId)) console.log(`  #${card.number} ${card.name} (${card.id})`);

  console.log(`search "${name}":`);
  let shown = 0;
  for await (const card of catalog.eachSearchResult(name, { limit: SEARCH_RESULTS_SHOWN })) {
    console.log(`  ${card.name} (${card.id})`);
    // Leaving the loop stops the paging: no further page is requested.
    if ((shown += 1) === SEARCH_RESULTS_SHOWN) break;
  }
  if (shown === 0) console.log('  no card has that name');

  const rateLimit = catalog.rateLimit;
  if (rateLimit) console.log(`requests left: ${rateLimit.remaining} of ${rateLimit.limit} until ${rateLimit.resetAt.toISOString()}`);
} catch (error) {
  if (!(error instanceof CatalogApiError)) throw error;
  const wait = error.retryAfterSeconds === null ? '' : ` (retry in ${error.retryAfterSeconds} s)`;
  console.error(`the API answered ${error.status}: ${error.message}${wait}`);
  process.exit(1);
}
