/** How long a page's script may take to arrive before it counts as failed (the seed's 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkLoadErrorType = 'missing' | 'timeout' | 'other';

/** A page's script could not be loaded. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunkId: string,
    readonly type: ChunkLoadErrorType,
    readonly request?: string,
    options?: ErrorOptions,
  ) {
    super(`Loading chunk ${chunkId} failed`, options);
  }
}

/** A page's stylesheet could not be loaded. */
export class CssChunkLoadError extends Error {
  override readonly name = 'CssChunkLoadError';
  readonly code = 'CSS_CHUNK_LOAD_FAILED';
  constructor(
    readonly chunkId: string,
    readonly request?: string,
    options?: ErrorOptions,
  ) {
    super(`Loading CSS chunk ${chunkId} failed`, options);
  }
}

export function isChunkError(error: unknown): error is ChunkLoadError | CssChunkLoadError {
  return error instanceof ChunkLoadError || error instanceof CssChunkLoadError;
}

// How each browser words a failed dynamic import (Chromium, Firefox, Safari) and Vite's CSS preload.
const FAILED_IMPORT =
  /dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;
const FAILED_CSS = /Unable to preload CSS for (\S+)/;
const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)/;

/**
 * Loads a page's chunk, turning the browser's varied failures into ChunkLoadError
 * (missing, timeout, other) or CssChunkLoadError. Errors thrown by the page's own code pass through.
 */
export async function loadChunk<T>(
  chunkId: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunkId, 'timeout')), timeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw await toChunkError(chunkId, error);
  } finally {
    clearTimeout(timer);
  }
}

async function toChunkError(chunkId: string, error: unknown): Promise<unknown> {
  if (isChunkError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const css = FAILED_CSS.exec(message);
  if (css) return new CssChunkLoadError(chunkId, css[1], { cause: error });
  if (!FAILED_IMPORT.test(message)) return error;
  const request = URL_IN_MESSAGE.exec(message)?.[1];
  const type = request && (await respondsNotFound(request)) ? 'missing' : 'other';
  return new ChunkLoadError(chunkId, type, request, { cause: error });
}

/** A 404 means the chunk is gone (typically a newer deploy replaced it); anything else is "other". */
async function respondsNotFound(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404;
  } catch {
    return false;
  }
}
