import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the statements other than SELECTs that this process has run (raw SQL counts, as it may
 * write), each once it has run. A reader that keeps something read from the database for a
 * moment (the catalog version, decision 002) compares the count to know whether this process
 * may have changed it since, so its own writes are seen at once.
 */
export class WriteCounter implements KyselyPlugin {
  private writes = 0;
  private readonly pending = new WeakSet<object>();

  get count(): number {
    return this.writes;
  }

  /** A transaction that Kysely ended itself (PostgreSQL's), whose commit no plugin sees. */
  countCommit(): void {
    this.writes++;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode') this.pending.add(queryId);
    return node;
  }

  transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.delete(queryId)) this.writes++;
    return Promise.resolve(result);
  }
}
