import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The tables a storefront answer is made from: products, their variants and texts, categories, sales. */
const CATALOG_TABLE = /^(products|product_|categor|flash_sale)/;

/**
 * A SELECT, built or written by hand (raw SQL that starts with `select`: the health check, the
 * catalog's stock reads). Other raw SQL may write.
 */
function isRead(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return true;
  return RawNode.is(node) && /^\s*select\s/i.test(node.sqlFragments[0] ?? '');
}

/** The table an INSERT, UPDATE or DELETE writes, when it names one plainly. */
function writtenTable(node: RootOperationNode): string | undefined {
  const named = (n: OperationNode | undefined): string | undefined =>
    n && AliasNode.is(n)
      ? named(n.node)
      : n && TableNode.is(n)
        ? n.table.identifier.name
        : undefined;
  if (InsertQueryNode.is(node)) return named(node.into);
  if (UpdateQueryNode.is(node)) return named(node.table);
  if (DeleteQueryNode.is(node)) return named(node.from.froms[0]);
  return undefined;
}

/**
 * Counts the statements other than SELECTs that this process has run (raw SQL counts, as it may
 * write, unless it starts with `select`), each once it has run. A reader that keeps something read from the database for a
 * moment (the catalog version, decision 002) compares the count to know whether this process
 * may have changed it since, so its own writes are seen at once.
 */
export class WriteCounter implements KyselyPlugin {
  private writes = 0;
  private catalogWrites = 0;
  private readonly pending = new WeakSet<object>();
  private readonly pendingCatalog = new WeakSet<object>();

  get count(): number {
    return this.writes;
  }

  /**
   * The statements among them that may have written the catalog (raw SQL included), each
   * counted once it has run: the catalog index waits for its next build after one of these
   * only, not after the sessions, carts and mail a process writes all the time.
   */
  get catalogCount(): number {
    return this.catalogWrites;
  }

  /** A transaction that Kysely ended itself (PostgreSQL's), whose commit no plugin sees. */
  countCommit(): void {
    this.writes++;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (!isRead(node)) {
      this.pending.add(queryId);
      const table = writtenTable(node);
      if (table === undefined || CATALOG_TABLE.test(table)) this.pendingCatalog.add(queryId);
    }
    return node;
  }

  transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.delete(queryId)) this.writes++;
    if (this.pendingCatalog.delete(queryId)) this.catalogWrites++;
    return Promise.resolve(result);
  }
}
