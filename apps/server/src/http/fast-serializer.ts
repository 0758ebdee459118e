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
  return fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as object);
}
