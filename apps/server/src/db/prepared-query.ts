import {
  PostgresAdapter,
  createQueryId,
  type CompiledQuery,
  type Compilable,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema';

/** Where a prepared query's parameter comes from: a path into the arguments of one run. */
class Argument {
  constructor(readonly path: readonly (string | number)[]) {}

  valueIn(args: unknown): unknown {
    let value = args;
    for (const step of this.path) value = (value as Record<string | number, unknown>)[step];
    // Kysely leaves out a column whose value is undefined; a compiled query cannot.
    if (value === undefined) throw new Error(`No value for ${this.path.join('.')}`);
    return value;
  }
}

/**
 * Names a run's argument in a prepared query's builder: `arg('orderId')`, or a path into a list,
 * `arg('lines', 2, 'quantity')`. Typed `never` so it stands for a value of any column.
 */
export type ArgumentOf<Args> = (name: keyof Args & string, ...path: (string | number)[]) => never;

const argument = (name: string, ...path: (string | number)[]) =>
  new Argument([name, ...path]) as never;

/** A list of `count` values, the run's `name[0]` to `name[count - 1]`: what an `in` lists. */
export function listArguments<Args>(
  arg: ArgumentOf<Args>,
  name: keyof Args & string,
  count: number,
) {
  return Array.from({ length: count }, (_, i) => arg(name, i));
}

/**
 * `count` rows of `columns`, each value the run's `name[i][column]`: a multi-row insert's values.
 * The run's rows must give every column (null for none).
 */
export function rowArguments<Args, Row>(
  arg: ArgumentOf<Args>,
  name: keyof Args & string,
  count: number,
  columns: readonly (keyof Row & string)[],
): Row[] {
  return Array.from(
    { length: count },
    (_, i) => Object.fromEntries(columns.map((column) => [column, arg(name, i, column)])) as Row,
  );
}

/**
 * Put after a run's parameters on PostgreSQL (`commitAfter`): the pool's client (connection.ts)
 * takes it off and writes the transaction's COMMIT right behind the statement.
 */
export const COMMIT_AFTER: unique symbol = Symbol('commit after');

/** Shapes kept per query and database: lists of many lengths (a catalog's ids) are built each time. */
const SHAPES_KEPT = 64;

/** The kept queries' SQL texts, each with a name of its own for PostgreSQL. */
const statementNames = new Map<string, string>();

/**
 * The name a kept prepared query's SQL runs under on PostgreSQL (connection.ts): each connection
 * parses and plans it once, then only binds and runs it, as better-sqlite3 keeps its compiled
 * statements. Undefined for any other SQL.
 */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A query built with Kysely once per database and shape, then run with each call's values
 * (decision 029): building and compiling a query costs more than SQLite's running a short one,
 * and the order path runs about twenty an order. `shape` names the variable part of the SQL (how
 * many ids an `in` lists, how many rows an insert writes); the rest is fixed. The compiled query
 * goes through the plugins' `transformQuery` and `transformResult` on every run, as a built one
 * does, so the write counter sees each; a plugin that rewrites queries cannot be used with it.
 */
export function preparedQuery<Args, Row>(
  build: (db: Kysely<Database>, arg: ArgumentOf<Args>, shape: number) => Compilable<Row>,
): (
  executor: Kysely<Database>,
  args: Args,
  shape?: number,
  options?: {
    /**
     * PostgreSQL only: the transaction runs nothing after this statement, so its COMMIT goes out
     * with it, and the run answers once both have (a failed statement's transaction rolls back).
     */
    commitAfter?: boolean;
  },
) => Promise<QueryResult<Row>> {
  // Per database (its adapter is shared by its transactions and connections), then per shape.
  const compiled = new WeakMap<object, Map<number, CompiledQuery<Row>>>();
  return async (executor, args, shape = 0, { commitAfter = false } = {}) => {
    const queryExecutor = executor.getExecutor();
    let shapes = compiled.get(queryExecutor.adapter);
    if (!shapes)
      compiled.set(queryExecutor.adapter, (shapes = new Map<number, CompiledQuery<Row>>()));
    let query = shapes.get(shape);
    if (!query) {
      query = build(executor, argument, shape).compile();
      // A fixed value left undefined is an argument read from as if it held its fields
      // (`arg('mails').kinds`): it would bind null on every run.
      if (query.parameters.some((p) => p === undefined))
        throw new Error('A prepared query has a fixed value left undefined: pass arg(name, field)');
      if (shapes.size < SHAPES_KEPT) {
        shapes.set(shape, query);
        if (!statementNames.has(query.sql))
          statementNames.set(query.sql, `souq_${statementNames.size + 1}`);
      }
    }
    const queryId = createQueryId();
    if (queryExecutor.transformQuery(query.query, queryId) !== query.query) {
      throw new Error('A prepared query cannot run with a plugin that rewrites queries');
    }
    const parameters = query.parameters.map((p) => (p instanceof Argument ? p.valueIn(args) : p));
    if (commitAfter) {
      if (!(queryExecutor.adapter instanceof PostgresAdapter))
        throw new Error('Only a PostgreSQL statement can carry its COMMIT');
      parameters.push(COMMIT_AFTER);
    }
    return queryExecutor.executeQuery<Row>({ ...query, parameters, queryId });
  };
}
