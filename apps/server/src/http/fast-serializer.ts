import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A response serializer built by fast-json-stringify from the contract's JSON schema, for the
 * catalog's hot routes. The zod serializer validates every item on every response, which costs
 * more than the database query on a product list; these responses come from repositories typed
 * by the same contract, so they are written straight from the schema instead (decision 002).
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.ZodType))
    throw new TypeError('fastSerializerCompiler needs a zod schema');
  return jsonWriter(schema);
}

/** The same writer for code that keeps a response's JSON text itself (the catalog's cache). */
export function jsonWriter<S extends z.ZodType>(schema: S): (value: z.output<S>) => string {
  return fastJson(nullableAsTypeList(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })));
}

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `.nullable()` as `anyOf: [X, {type: "null"}]`, and fast-json-stringify picks an
 * anyOf branch by running a validator on every value; `type: [X's type, "null"]` says the same
 * and is written with a plain null check.
 */
function nullableAsTypeList(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(nullableAsTypeList) as unknown as JsonSchema;
  if (typeof node !== 'object' || node === null) return node as JsonSchema;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, nullableAsTypeList(value)]),
  );
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const [first, second] = branches as JsonSchema[];
    const other = second?.type === 'null' ? first : first?.type === 'null' ? second : undefined;
    if (other && typeof other.type === 'string') {
      const merged: JsonSchema = { ...schema, ...other, type: [other.type, 'null'] };
      delete merged.anyOf;
      return merged;
    }
  }
  return schema;
}
