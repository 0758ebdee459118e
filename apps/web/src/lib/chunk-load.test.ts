import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, CssChunkLoadError, loadChunk } from './chunk-load';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadChunk', () => {
  it('resolves with the module when it loads', async () => {
    await expect(loadChunk('home', () => Promise.resolve({ default: 1 }))).resolves.toEqual({
      default: 1,
    });
  });

  it('fails with a timeout ChunkLoadError after 120 seconds', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('about', () => new Promise<never>(() => {}));
    const assertion = expect(pending).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk about failed',
      type: 'timeout',
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('calls a failed import of a chunk that answers 404 "missing"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 404 }))),
    );
    const error = await loadChunk('cart', () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://shop.test/assets/cart-page-abc.js',
        ),
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({
      type: 'missing',
      request: 'http://shop.test/assets/cart-page-abc.js',
    });
  });

  it('calls a failed import of a chunk that is there, or unreachable, "other"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network down'))),
    );
    const error = await loadChunk('cart', () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://shop.test/assets/cart-page-abc.js',
        ),
      ),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChunkLoadError', type: 'other' });
  });

  it('turns a stylesheet failure into CSS_CHUNK_LOAD_FAILED', async () => {
    const error = await loadChunk('wishlist', () =>
      Promise.reject(new Error('Unable to preload CSS for /assets/wishlist-page-abc.css')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CssChunkLoadError);
    expect(error).toMatchObject({
      message: 'Loading CSS chunk wishlist failed',
      code: 'CSS_CHUNK_LOAD_FAILED',
      request: '/assets/wishlist-page-abc.css',
    });
  });

  it("lets errors from the page's own code through unchanged", async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(loadChunk('home', () => Promise.reject(bug))).rejects.toBe(bug);
  });
});
