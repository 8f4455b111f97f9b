import { needsPostgres } from './postgres.js';

/** The stores the HTTP and MCP suites run on: SQLite files, and PostgreSQL where a server answers. */
export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

/** The describe() options for a suite on `store`: PostgreSQL suites skip (one line) when no server answers, and fail under CI=true. */
export async function onStore(store: StoreKind): Promise<{ skip: string | false }> {
  return store === 'postgres' ? needsPostgres() : { skip: false };
}
