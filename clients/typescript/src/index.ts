export { CatalogClient, createCatalogClient, type Answer, type CatalogClientOptions } from './catalogClient.js';
export { CatalogApiError } from './errors.js';
export { MAX_PAGE_SIZE } from './paging.js';
export type { RateLimit } from './rateLimit.js';
export type * from './types.js';
export type { components, operations, paths } from './schema.js';
