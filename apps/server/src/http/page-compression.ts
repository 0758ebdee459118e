import zlib from 'node:zlib';

/**
 * A part of a page that is the same on every page it goes into (index.html's head, its inline
 * stylesheet, its scripts), compressed once: on its own (it may follow any text), at deflate's
 * best level, ending on a byte boundary without closing the stream (`Z_SYNC_FLUSH`), so its
 * bytes can stand anywhere inside a gzip member (decision 017, "Pages in gzip, kept parts
 * compressed once").
 */
export interface KeptPart {
  bytes: Buffer;
  deflated: Buffer;
  /** Its last few KB: what the page's own text after it is compressed against. */
  window: Buffer;
}

/** A page as the parts it is joined from: kept parts, and the page's own bytes between them. */
export type PageParts = readonly (KeptPart | Uint8Array)[];

/** Deflate's window: a reference reaches at most this far back. */
const WINDOW_BYTES = 32 * 1024;
/**
 * How much of a kept part a page's own part is compressed against. The whole window (32 KB of
 * the inline stylesheet before `#root`) made deflate walk long chains of the stylesheet's
 * repeats for every match it tried: 0.065 ms more a page than 8 KB, for 1–2 % fewer bytes of
 * the page's own (under 1 % of the page; decision 017, "the kept part's last 8 KB").
 */
const KEPT_WINDOW_BYTES = 8 * 1024;
/**
 * The level of a page's own parts. Level 3 is deflate's fastest kind of search (no lazy matching,
 * levels 1–3) at its best ratio: against level 4 it takes a quarter off a product page's
 * compressing and a third off a list page's (0.065 and 0.17 ms) for 1.6–3 % more bytes of the
 * page; levels 2 and 1 save a further 0.01–0.03 ms at 1.5–3 times the bytes a microsecond
 * (decision 028, "level 3"; docs/benchmarks.md).
 */
const PAGE_LEVEL = 3;
/** ID1 ID2, deflate, no flags, no time, no extra flags, Unix (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final empty fixed-Huffman block: closes a stream whose last part was kept. */
const FINAL_EMPTY_BLOCK = Buffer.from([3, 0]);

export function keptPart(bytes: Buffer): KeptPart {
  return {
    bytes,
    deflated: zlib.deflateRawSync(bytes, {
      level: zlib.constants.Z_BEST_COMPRESSION,
      memLevel: zlib.constants.Z_MAX_MEMLEVEL,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }),
    window: bytes.subarray(Math.max(0, bytes.length - KEPT_WINDOW_BYTES)),
  };
}

const isKept = (part: KeptPart | Uint8Array): part is KeptPart => !(part instanceof Uint8Array);

/** The page's bytes as they are. */
export function joinParts(parts: PageParts): Buffer {
  return Buffer.concat(parts.map((part) => (isKept(part) ? part.bytes : part)));
}

/**
 * The page as one gzip member (RFC 1952), compressing only its own parts: each is deflated with
 * the kept part before it as its dictionary (so it may refer back into it, as a decoder holding
 * the text before it allows), and ends on a byte boundary; the kept parts' bytes were deflated
 * once. The checksum runs over the whole text, as the format asks.
 */
export function gzipParts(parts: PageParts): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  let window: Buffer | undefined;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const bytes = isKept(part) ? part.bytes : part;
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (isKept(part)) {
      out.push(part.deflated);
      if (last) out.push(FINAL_EMPTY_BLOCK);
      window = part.window;
      return;
    }
    out.push(
      zlib.deflateRawSync(part, {
        level: PAGE_LEVEL,
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
        ...(window && { dictionary: window }),
      }),
    );
    window = undefined;
  });
  out.push(gzipTrailer(crc, size));
  return Buffer.concat(out);
}

/** A gzip member's end: the text's CRC-32 and its length modulo 2^32 (RFC 1952). */
function gzipTrailer(crc: number, size: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return trailer;
}

/**
 * Text written a chunk at a time (a sitemap file, about 20 MB at its largest) as one gzip member,
 * also a chunk at a time: each chunk is deflated in this thread, with the end of the chunk before
 * it as its dictionary, ending on a byte boundary. A zlib stream would do that work in libuv's
 * threads, whose allocators keep what they free: twenty files sent at once left the process
 * about 80 MB larger for good (docs/benchmarks.md).
 */
export async function* gzipChunks(chunks: AsyncIterable<string>): AsyncGenerator<Buffer> {
  yield GZIP_HEADER;
  let crc = 0;
  let size = 0;
  let window: Buffer | undefined;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    yield zlib.deflateRawSync(bytes, {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(window && { dictionary: window }),
    });
    window = bytes.subarray(Math.max(0, bytes.length - WINDOW_BYTES));
  }
  yield Buffer.concat([FINAL_EMPTY_BLOCK, gzipTrailer(crc, size)]);
}
