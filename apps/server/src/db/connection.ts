import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Database } from './schema';
import { WriteCounter } from './write-counter';
import { groupCommit } from './group-commit';
import { PipelinedWith, preparedStatementName } from './prepared-query';
import { ShopSchemaPostgresDialect } from './shop-schema-dialect';

// COUNT(*) and other int8 results: parse as numbers (our counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  kysely: Kysely<Database>;
  /**
   * For reads that need no transaction (the catalog, health). On SQLite a connection of its own:
   * the one connection of `kysely` is held by a write transaction for all its length (a catalog
   * import), and WAL lets this one read the last commit meanwhile. On PostgreSQL the same pool.
   */
  reads: Kysely<Database>;
  dialect: DatabaseDialect;
  /** How many writes this process has run through `kysely`. */
  writes: WriteCounter;
  close(): Promise<void>;
}

export class DatabaseConnectionError extends Error {}

export interface ConnectOptions {
  /** PostgreSQL only: the schema to use (tests get one each). */
  searchPath?: string;
  /** PostgreSQL only: pool size per app server. */
  poolSize?: number;
  /**
   * PostgreSQL only: how long a query waits for one of the pool's connections before the request
   * is answered 503 `busy`. Long enough that a burst (a flash sale) queues rather than fails.
   */
  waitForConnectionMs?: number;
}

/** pg-pool's error when every connection stayed taken for `waitForConnectionMs`. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** Whether a query failed because the database's connections were all busy, not because of it. */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof Error && error.message === POOL_WAIT_TIMEOUT;
}

export async function connectDatabase(url: string, options: ConnectOptions = {}): Promise<Db> {
  return url.startsWith('sqlite:')
    ? openSqlite(url.slice('sqlite:'.length))
    : connectPostgres(url, options);
}

function openSqlite(file: string): Db {
  const filename = file === ':memory:' ? file : path.resolve(file);
  try {
    if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
    const database = new SQLite(filename);
    // WAL keeps readers off the writer's back; FULL fsyncs each commit so an
    // acknowledged order survives power loss (better-sqlite3's WAL default is NORMAL).
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    const writes = new WriteCounter();
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
      plugins: [writes],
    });
    // An in-memory database is seen by its own connection only.
    const reads =
      filename === ':memory:'
        ? kysely
        : new Kysely<Database>({
            dialect: new SqliteDialect({
              database: withStatementCache(new SQLite(filename, { readonly: true })),
            }),
          });
    return {
      kysely,
      reads,
      dialect: 'sqlite',
      writes,
      close: async () => {
        if (reads !== kysely) await reads.destroy();
        await kysely.destroy();
      },
    };
  } catch (error) {
    throw new DatabaseConnectionError(
      `Cannot open the SQLite database at ${filename}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** Compiled statements kept per SQL text; a shop runs a few dozen query shapes. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles the SQL on every prepare, which costs as much as running a short
 * query; Kysely prepares on every execution. Statements are reusable once run, so keep them.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * A pg client that runs the prepared queries' SQL (db/prepared-query.ts) as named statements:
 * PostgreSQL parses and plans each once per connection and then only binds and runs it, where
 * an unnamed statement is parsed and planned on every run.
 *
 * It also saves a transaction two round trips (decision 029). The pool's clients pipeline
 * (`pipeline: true`: a query is written at once, not after the answer to the one before), and:
 * - BEGIN goes out in one write with the transaction's first statement. Kysely waits for
 *   BEGIN's answer before it runs the transaction's work, so it is answered at once; the next
 *   statement's answer waits for BEGIN's too and fails if BEGIN did.
 * - A statement whose parameters end with a `PipelinedWith` goes out in one write with the
 *   statements it names, and answers once all have:
 *   - `first`, a statement written just before it (an order's write locks its variants first);
 *   - `commitAfter`, the COMMIT written right behind it: PostgreSQL commits it, or, after a
 *     failed statement, rolls the transaction back. Kysely's own COMMIT or ROLLBACK that follows
 *     is answered at once; any other statement before it is refused, as its transaction is over.
 */
class NamedStatementClient extends pg.Client {}
const clientPrototype = pg.Client.prototype as unknown as {
  query: (this: pg.Client, ...args: unknown[]) => Promise<unknown>;
};
const clientQuery = clientPrototype.query;
/** The clients whose BEGIN waits to go out with the next statement. */
const beginsHeld = new WeakSet<pg.Client>();
/** The clients whose transaction a statement's COMMIT ended before Kysely's own. */
const transactionsEnded = new WeakSet<pg.Client>();
/** How the pg client answers a statement without rows (BEGIN, COMMIT, ROLLBACK). */
const answered = (command: string) => Promise.resolve({ command, rowCount: null, rows: [] });

function namedQuery(client: pg.Client, text: string, values: unknown): Promise<unknown> {
  const name = preparedStatementName(text);
  return name
    ? clientQuery.call(client, { name, text, values })
    : clientQuery.call(client, text, values);
}

(NamedStatementClient.prototype as unknown as typeof clientPrototype).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [text, values] = args;
  // Kysely's queries, each as (sql, parameters); anything else goes through untouched.
  if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2)
    return clientQuery.apply(this, args);
  if (text === 'begin') {
    transactionsEnded.delete(this);
    beginsHeld.add(this);
    return answered('BEGIN');
  }
  if (transactionsEnded.has(this)) {
    if (text !== 'commit' && text !== 'rollback')
      return Promise.reject(new Error('This transaction was committed with its last statement'));
    transactionsEnded.delete(this);
    return answered(text.toUpperCase());
  }
  const last: unknown = values.at(-1);
  const along = last instanceof PipelinedWith ? last : undefined;
  const parameters = along ? values.slice(0, -1) : values;
  const begin = beginsHeld.delete(this);
  if (!begin && !along) return namedQuery(this, text, parameters);
  // The socket's writes are held until all are written: one write, one round trip.
  const stream = (this as unknown as { connection: { stream: Writable } }).connection.stream;
  stream.cork();
  try {
    const begun = begin ? clientQuery.call(this, 'begin', []) : undefined;
    const first = along?.first && namedQuery(this, along.first.sql, along.first.parameters);
    const answer = namedQuery(this, text, parameters);
    const committed = along?.commitAfter ? clientQuery.call(this, 'commit', []) : undefined;
    if (along?.commitAfter) transactionsEnded.add(this);
    return Promise.all([begun, first, answer, committed]).then(([, , result]) => result);
  } finally {
    stream.uncork();
  }
};

async function connectPostgres(url: string, options: ConnectOptions): Promise<Db> {
  const pool = new pg.Pool({
    Client: NamedStatementClient,
    pipeline: true,
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.waitForConnectionMs ?? 15_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const writes = new WriteCounter();
  const kysely = new Kysely<Database>({
    dialect: new ShopSchemaPostgresDialect({ pool }),
    plugins: [writes],
  });
  try {
    await sql`select 1`.execute(kysely);
  } catch (error) {
    await kysely.destroy().catch(() => {});
    throw new DatabaseConnectionError(
      `Cannot connect to PostgreSQL at ${describePostgresUrl(url)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return { kysely, reads: kysely, dialect: 'postgres', writes, close: () => kysely.destroy() };
}

/** host:port/database, without the password, for messages. */
function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'an unparseable URL';
  }
}

/** Each SQLite database's group commit (db/group-commit.ts), made with its first write. */
const sqliteCommits = new WeakMap<Kysely<Database>, ReturnType<typeof groupCommit>>();

/**
 * A transaction that writes. On SQLite it runs in a batch that holds the write lock from the
 * start (BEGIN IMMEDIATE, so two writers never deadlock upgrading read locks) and resolves once
 * the batch's commit is on disk; on PostgreSQL it is a plain transaction.
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.dialect === 'postgres') {
    try {
      return await db.kysely.transaction().execute(work);
    } finally {
      // Kysely commits outside its plugins: a read begun after the last statement but before
      // the commit saw none of it, so it must not be taken as this process's latest.
      db.writes.countCommit();
    }
  }
  let commit = sqliteCommits.get(db.kysely);
  if (!commit) sqliteCommits.set(db.kysely, (commit = groupCommit(db.kysely)));
  return commit(work);
}
