import { sql, type RawBuilder } from 'kysely';

/**
 * Whether a text column contains `text`, ignoring case: `lower(column) LIKE '%text%'` with the
 * text's own wildcards taken literally. The ESCAPE clause is spelled out because SQLite has no
 * default escape character.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
