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

/** A prepared query's SQL with one run's values: a statement to send beside another. */
export interface BoundStatement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Put after a run's parameters on PostgreSQL (`first`, `commitAfter`): the pool's client
 * (connection.ts) takes it off and writes the statements it names in one write with the run's.
 */
export class PipelinedWith {
  constructor(
    /** A statement of the same transaction written just before the run's; its rows are dropped. */
    readonly first: BoundStatement | undefined,
    /** Whether the transaction's COMMIT is written right behind the run's statement. */
    readonly commitAfter: boolean,
  ) {}
}

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
) {
  // Per database (its adapter is shared by its transactions and connections), then per shape.
  const compiled = new WeakMap<object, Map<number, CompiledQuery<Row>>>();
  const compiledFor = (executor: Kysely<Database>, shape: number): CompiledQuery<Row> => {
    const { adapter } = executor.getExecutor();
    let shapes = compiled.get(adapter);
    if (!shapes) compiled.set(adapter, (shapes = new Map<number, CompiledQuery<Row>>()));
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
    return query;
  };
  const valuesOf = (query: CompiledQuery<Row>, args: Args) =>
    query.parameters.map((p) => (p instanceof Argument ? p.valueIn(args) : p));

  async function run(
    executor: Kysely<Database>,
    args: Args,
    shape = 0,
    {
      first,
      commitAfter = false,
    }: {
      /**
       * PostgreSQL only: a statement (`bind`) run just before this one in its transaction, sent
       * in the same write, so it costs no round trip of its own.
       */
      first?: BoundStatement;
      /**
       * PostgreSQL only: the transaction runs nothing after this statement, so its COMMIT goes
       * out with it, and the run answers once both have (a failed statement's transaction rolls
       * back).
       */
      commitAfter?: boolean;
    } = {},
  ): Promise<QueryResult<Row>> {
    const queryExecutor = executor.getExecutor();
    const query = compiledFor(executor, shape);
    const queryId = createQueryId();
    if (queryExecutor.transformQuery(query.query, queryId) !== query.query) {
      throw new Error('A prepared query cannot run with a plugin that rewrites queries');
    }
    const parameters = valuesOf(query, args);
    if (first || commitAfter) {
      if (!(queryExecutor.adapter instanceof PostgresAdapter))
        throw new Error('Only a PostgreSQL statement can carry others with it');
      parameters.push(new PipelinedWith(first, commitAfter));
    }
    return queryExecutor.executeQuery<Row>({ ...query, parameters, queryId });
  }

  /** The statement with one run's values, to send with another run (`first`). */
  function bind(executor: Kysely<Database>, args: Args, shape = 0): BoundStatement {
    const query = compiledFor(executor, shape);
    return { sql: query.sql, parameters: valuesOf(query, args) };
  }

  return Object.assign(run, { bind });
}
