import { z } from 'zod';

/**
 * The web build writes this file beside index.html: for each route path of the web app's route
 * table, the script chunks (and stylesheets) its page needs, as paths under the build folder. The
 * server reads it to name them as preload hints in the page's HTML.
 */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

export const routeChunksSchema = z.record(
  z.string(),
  z.array(z.string().regex(/^assets\/[\w.-]+$/)),
);
export type RouteChunks = z.infer<typeof routeChunksSchema>;
