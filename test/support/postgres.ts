import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL server, as the superuser with trust authentication. */
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const UNREACHABLE = 'needs PostgreSQL at 127.0.0.1:5432';

export interface TestDatabase {
  /** postgres://… of a fresh, empty database of its own. */
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let reachable: Promise<boolean> | undefined;

/** Whether the server answers within a few tries: a busy machine can miss one connect timeout. */
async function answersWithin(tries: number): Promise<boolean> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (await admin(async (client) => { await client.query('SELECT 1'); }).then(() => true, () => false)) return true;
    if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/**
 * The skip option for suites that need PostgreSQL: a one-line reason when the server does not
 * answer, and a hard failure under CI=true, where it must be there.
 */
export async function needsPostgres(): Promise<{ skip: string | false }> {
  reachable ??= answersWithin(3);
  if (await reachable) return { skip: false };
  if (process.env.CI === 'true') throw new Error(`CI=true but PostgreSQL does not answer at ${POSTGRES_ADMIN_URL}`);
  return { skip: UNREACHABLE };
}

/** Creates a uniquely named database (`catalog_test_<pid>_<random>`) for one suite. */
export async function createTestDatabase(prefix = 'catalog_test'): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,30}$/.test(prefix)) throw new Error(`bad database name prefix: ${prefix}`);
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin(async (client) => { await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); }),
  };
}

/** Runs one statement on its own connection to `url`; its rows. */
export async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Fresh namespaces in one database, for suites that want an empty database per test: a role and
 * a schema of its own each (a connection's default search_path is the role's schema first), where
 * a database per test would cost a CREATE and a DROP DATABASE (each waits on the whole server).
 * What the connections see is the same: their own tables only, made by the store's own migrations.
 * Advisory locks and notifications are the database's, so the tests sharing it must run one at a time.
 */
export interface TestSchemas {
  /** A new role and its empty schema; drop() removes both. */
  next(): Promise<TestDatabase>;
  /** Drops the database, once every test is done. */
  dropAll(): Promise<void>;
}

export function testSchemas(prefix = 'catalog_test'): TestSchemas {
  let database: Promise<TestDatabase> | undefined;
  return {
    async next() {
      database ??= createTestDatabase(prefix);
      const { url } = await database;
      const role = `schema_${process.pid}_${randomBytes(4).toString('hex')}`;
      // A password too, for a server that trusts only its superuser on loopback.
      const password = randomBytes(12).toString('hex');
      await admin((client) => client.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`));
      await sql(url, `CREATE SCHEMA ${role} AUTHORIZATION ${role}`);
      const own = new URL(url);
      own.username = role;
      own.password = password;
      return {
        url: own.toString(),
        drop: async () => {
          await sql(url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [role]);
          await sql(url, `DROP SCHEMA ${role} CASCADE`);
          await admin((client) => client.query(`DROP ROLE ${role}`));
        },
      };
    },
    async dropAll() {
      await (await database)?.drop();
    },
  };
}
