import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/** Any constant every node agrees on: the advisory lock that lets one node at a time migrate. */
const MIGRATION_LOCK_KEY = 7_310_486_925;

/** The query surface every store uses; both drivers provide it. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** An open transaction: the same query surface, committed or rolled back as one. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** What a store is built on: the database, or a transaction another service opened so several stores commit together. */
export type DbOrTx = Db | Tx;

/**
 * Runs `fn` in a transaction: a new one on the database, a savepoint inside one already open. Rolled back when `fn`
 * throws.
 */
export function withTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/**
 * Runs one fixed SQL text with `$n` parameters as a prepared statement and answers its rows. For hot paths
 * (such as the waitlist) where building a query with Drizzle costs more CPU than PostgreSQL spends running it.
 */
export type RawQuery = <Row>(text: string, params: unknown[]) => Promise<Row[]>;

export interface OpenDb {
  db: Db;
  query: RawQuery;
  kind: "postgres" | "pglite";
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The extensions the migrations create (pg_trgm: search, decision 042); PGlite loads each one it is given. */
export const pgliteExtensions = { pg_trgm };

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Bounds on how long a request can wait for PostgreSQL: a cut network fails within `connectTimeoutSeconds`, a stuck
 * statement is cancelled by the server after `statementTimeoutMs`, and idle connections are dropped (and reopened on
 * demand) so a pool never keeps sockets a restart or failover has silently killed.
 */
export interface DbTimeouts {
  connectTimeoutSeconds: number;
  statementTimeoutMs: number;
  idleTimeoutSeconds: number;
}

export const defaultDbTimeouts: DbTimeouts = { connectTimeoutSeconds: 5, statementTimeoutMs: 15_000, idleTimeoutSeconds: 60 };

export type DbTarget = { url: string; timeouts?: DbTimeouts } | { pgliteDir: string } | { memory: true };

/**
 * PostgreSQL through postgres.js when a URL is given, else embedded PGlite (on disk, or in memory for tests; nothing
 * remote, so no timeouts). postgres.js reconnects on the next query after an outage: nothing here needs restarting.
 */
export async function openDb(target: DbTarget): Promise<OpenDb> {
  if ("url" in target) {
    const timeouts = target.timeouts ?? defaultDbTimeouts;
    const connect = (max: number, statementTimeoutMs: number) =>
      postgres(target.url, {
        max,
        onnotice: () => {},
        connect_timeout: timeouts.connectTimeoutSeconds,
        idle_timeout: timeouts.idleTimeoutSeconds,
        // Off: postgres.js looks array types up on every new connection in a promise nobody awaits, so a connection
        // lost during that lookup is an unhandled rejection that ends the process. No column is an array, and
        // Drizzle parses array text itself.
        fetch_types: false,
        // Sent in each connection's start-up packet; 0 sends nothing, for poolers that refuse start-up parameters.
        ...(statementTimeoutMs > 0 ? { connection: { statement_timeout: statementTimeoutMs } } : {}),
      });
    const client = connect(10, timeouts.statementTimeoutMs);
    const db = drizzlePostgres({ client, casing: "snake_case" });
    return {
      db: db as unknown as Db,
      query: async <Row>(text: string, params: unknown[]) => (await client.unsafe(text, params as never[], { prepare: true })) as unknown as Row[],
      kind: "postgres",
      // A migration may rewrite a large table: it runs on a connection of its own without the statement timeout.
      migrate: async () => {
        const migrator = connect(1, 0);
        try {
          // Nodes starting together on a new database: one migrates while the others wait here, then find it done.
          // The lock is the migrator session's, so it goes when the session ends, whatever happens.
          await migrator.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
          await migratePostgres(drizzlePostgres({ client: migrator, casing: "snake_case" }), { migrationsFolder });
        } finally {
          await migrator.end({ timeout: 5 });
        }
      },
      // Bounded: over a connection whose network went silent a query waits for TCP keepalive, minutes.
      ping: () => ping(() => client`select 1`, timeouts.connectTimeoutSeconds * 1000),
      close: () => client.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  if ("pgliteDir" in target) {
    mkdirSync(target.pgliteDir, { recursive: true });
    client = await PGlite.create({ dataDir: target.pgliteDir, extensions: pgliteExtensions });
  } else {
    client = await PGlite.create({ extensions: pgliteExtensions });
  }
  const db = drizzlePglite({ client, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    query: async <Row>(text: string, params: unknown[]) => (await client.query<Row>(text, params)).rows,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(() => client.query("select 1")),
    close: () => client.close(),
  };
}

async function ping(query: () => Promise<unknown>, timeoutMs?: number): Promise<boolean> {
  const answered = query().then(
    () => true,
    () => false,
  );
  if (timeoutMs === undefined) return answered;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
